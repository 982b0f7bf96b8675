//go:build linux

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/model"
)

// handoffLine is a script line whose turn is handed off, as a 2026 Pro or
// thinking turn is: the POST carries stream_handoff and no text, the
// page's resume POST carries the thoughts and reply (the shapes of
// browser/wire/sse/testdata/sse2026/handoff*.sse, with reply as the answer).
func handoffLine(t *testing.T, reply string, gapMS int) model.ScriptLine {
	t.Helper()
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join("..", "..", "browser", "wire", "sse", "testdata", "sse2026", name))
		if err != nil {
			t.Fatal(err)
		}
		return strings.NewReplacer(`"c5"`, `"{{conversation_id}}"`, `"u5"`, `"{{user_message_id}}"`, `"a5"`, `"{{assistant_message_id}}"`).Replace(string(b))
	}
	half := len(reply) / 2
	a, _ := json.Marshal(reply[:half])
	b, _ := json.Marshal(reply[half:])
	resume := strings.NewReplacer(`"By induction"`, string(a), `" on n, QED."`, string(b)).Replace(read("handoff-resume.sse"))
	return model.ScriptLine{Reply: reply, SSE: read("handoff.sse"), ResumeSSE: resume, StreamMS: gapMS}
}

// TestBrowserHandoffOnTheStatusLine: a turn handed off to the page's
// resume POST completes with its exact reply, and while it waits the
// terminal's status line says so ("continued after a hand-off"), also in
// the session's events.
func TestBrowserHandoffOnTheStatusLine(t *testing.T) {
	needChromium(t)
	e := newEnv(t)
	reply := agentReply(true, "Nothing needed changing; the proof holds.", "")
	_, url := mockPage(t, []model.ScriptLine{handoffLine(t, reply, 300)}, 0)
	tm := e.startPTY("--chatgpt-url", url, "--headless", "prove it")
	tm.waitFor("continued after a hand-off", 0)
	if code := tm.exit(); code != 0 {
		t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
	}
	evs := e.events(e.onlySession())
	phase, text := false, ""
	for _, ev := range evs {
		switch ev.Type {
		case event.EvModelState:
			var p event.ModelStatePayload
			json.Unmarshal(ev.Payload, &p)
			phase = phase || strings.Contains(p.Phase, "hand-off")
		case event.EvModelMessageComplete:
			var p event.MessageCompletePayload
			json.Unmarshal(ev.Payload, &p)
			text = p.Reply.Text
		}
	}
	if !phase || text != reply {
		t.Fatalf("hand-off phase recorded %v; reply %q, want %q\n%s", phase, text, reply, eventTrace(evs))
	}
}
