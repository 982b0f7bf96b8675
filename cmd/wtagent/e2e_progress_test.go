//go:build linux

package main

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/model"
)

// TestJSONProgressCarriesDeltas: through Chromium and the mock page, a
// run's --json model.progress events carry what was added since the one
// before (a snapshot only when the text was rewritten), so together they
// rebuild the reply as far as it had streamed, their size stays near the reply's, and each has a
// real timestamp.
func TestJSONProgressCarriesDeltas(t *testing.T) {
	needChromium(t)
	var b strings.Builder
	for i := 0; b.Len() < 6000; i++ {
		b.WriteString("Line of the plan, step by step, with some words to stream. ")
	}
	reply := agentReply(true, b.String(), "")
	_, url := mockPage(t, []model.ScriptLine{{Reply: reply, StreamMS: 1}}, time.Millisecond)
	e := newEnv(t)
	start := time.Now()
	code, out, errOut := e.run("--json", "--chatgpt-url", url, "--headless", "explain the plan")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	var rebuilt, final string
	progress, progressBytes := 0, 0
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var l struct {
			Type    event.Type      `json:"type"`
			TS      time.Time       `json:"ts"`
			Payload json.RawMessage `json:"payload"`
		}
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatalf("not JSON: %q", line)
		}
		if l.TS.Before(start.Add(-time.Minute)) {
			t.Errorf("%s has the timestamp %v", l.Type, l.TS)
		}
		switch l.Type {
		case event.EvModelProgress:
			var p event.TextPayload
			json.Unmarshal(l.Payload, &p)
			progress++
			progressBytes += len(p.Text)
			switch p.Kind {
			case event.ProgressDelta:
				rebuilt += p.Text
			case event.ProgressSnapshot:
				rebuilt = p.Text
			default:
				t.Errorf("model.progress kind %q", p.Kind)
			}
		case event.EvModelMessageComplete:
			var p struct {
				Reply struct {
					Text string `json:"text"`
				} `json:"reply"`
			}
			json.Unmarshal(l.Payload, &p)
			final = p.Reply.Text
		}
	}
	if progress < 2 {
		t.Fatalf("%d model.progress events for a streamed %d-byte reply", progress, len(final))
	}
	// Progress is the preview; model.message_complete has the whole text.
	if rebuilt == "" || !strings.HasPrefix(final, rebuilt) {
		t.Errorf("the progress events do not rebuild the start of the reply:\n%q\nvs\n%q", rebuilt, final)
	}
	if progressBytes > 2*len(final) {
		t.Errorf("%d progress events carry %d bytes for a %d-byte reply: not deltas", progress, progressBytes, len(final))
	}
}
