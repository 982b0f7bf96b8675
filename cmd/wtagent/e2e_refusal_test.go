//go:build linux

package main

import (
	"encoding/json"
	"strings"
	"testing"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/session/event"
)

// TestBrowserRefusedReply: ChatGPT's content policy blocks the reply (its
// stream carries a moderation event with blocked true, no text, and the
// page shows its policy notice). The run ends refused at once: one POST,
// one model failure of kind refused (no empty-reply nudge, no timeout),
// one plain line saying so and what to do, exit 1; status shows it; a
// resume with new words says the last run was refused and goes on.
func TestBrowserRefusedReply(t *testing.T) {
	needChromium(t)
	e := newEnv(t)
	srv, url := mockPage(t, []model.ScriptLine{
		{Fault: mockchat.FaultBlocked, Reply: agentReply(true, "never shown", "")},
		{Expect: "say hello instead", Reply: agentReply(true, "Hello, reworded.", "")},
	}, 0)
	code, out, errOut := e.run("--chatgpt-url", url, "--headless", "write something the policy blocks")
	id := e.onlySession()
	line := `✗ ChatGPT refused the request (its content policy): it blocked the reply to turn 1 (moderation modr-`
	hint := `; the page says "This content may violate our usage policies."; reword the request and send it again: wtagent resume ` +
		id + ` "new words"`
	if code != 1 || !strings.Contains(out, line) || !strings.Contains(out, hint) || strings.Contains(out, "never shown") {
		t.Fatalf("exit %d, want 1 and the refusal line\n%s\n%s", code, out, errOut)
	}
	if rec := srv.Received(); len(rec) != 1 {
		t.Fatalf("received %+v: want the one message, never sent again", rec)
	}
	evs := e.events(id)
	var kinds []string
	var end event.RunEndPayload
	for _, ev := range evs {
		switch ev.Type {
		case event.EvModelFailed:
			var p event.TextPayload
			_ = json.Unmarshal(ev.Payload, &p)
			kinds = append(kinds, p.Kind)
		case event.EvRunFailed:
			_ = json.Unmarshal(ev.Payload, &end)
		}
	}
	if len(kinds) != 1 || kinds[0] != "refused" || end.Outcome != event.OutcomeRefused ||
		!strings.HasPrefix(end.Reason, "ChatGPT refused the request (its content policy)") {
		t.Fatalf("model failures %v, run end %+v", kinds, end)
	}
	if count(evs, event.EvModelMessageComplete) != 0 {
		t.Errorf("a blocked reply was recorded as complete")
	}

	code, status, _ := e.run("status", "--json", id)
	var st struct {
		State  string `json:"state"`
		Resume string `json:"resume"`
	}
	if err := json.Unmarshal([]byte(strings.SplitN(status, "\n", 2)[0]), &st); code != 0 || err != nil ||
		st.State != "refused" || st.Resume != "wtagent resume "+id {
		t.Fatalf("status --json: exit %d %v\n%s", code, err, status)
	}
	if code, human, _ := e.run("status", "--all"); code != 0 || !strings.Contains(human, "● "+id+"  refused\n") ||
		!strings.Contains(human, "resume") {
		t.Fatalf("status --all: exit %d\n%s", code, human)
	}
	if code, list, _ := e.run("sessions"); code != 0 || !strings.Contains(list, id+"  refused  1 ") {
		t.Fatalf("sessions: exit %d\n%s", code, list)
	}

	code, out, errOut = e.run("resume", id, "--chatgpt-url", url, "--headless", "say hello instead")
	if code != 0 || !strings.Contains(out, "Hello, reworded.") ||
		!strings.Contains(errOut, "wtagent: the last run of session "+id+" was refused: ChatGPT refused the request") ||
		!strings.Contains(errOut, "it goes on with your new words") {
		t.Fatalf("resume: exit %d\n%s\n%s", code, out, errOut)
	}
	if rec := srv.Received(); len(rec) != 2 {
		t.Fatalf("received %+v: want the refused message and the new words", rec)
	}
}

// TestACPRefusal: in an editor's thread on the mock page in headless
// Chromium, a prompt whose reply ChatGPT's content policy blocks stops
// with refusal, the refusal said as agent text; the next prompt of the
// thread, in other words, goes on to end_turn.
func TestACPRefusal(t *testing.T) {
	needChromium(t)
	e := newEnv(t)
	srv, url := mockPage(t, []model.ScriptLine{
		{Fault: mockchat.FaultBlocked, Reply: agentReply(true, "never shown", "")},
		{Expect: "say hello instead", Reply: agentReply(true, "Hello, reworded.", "")},
	}, 0)
	c := startACP(e, func(int, sdk.RequestPermissionRequest) sdk.RequestPermissionOutcome {
		return sdk.NewRequestPermissionOutcomeCancelled()
	}, "--chatgpt-url", url, "--headless")
	id := c.session(e.root)
	if stop := c.prompt(id, sdk.TextBlock("Write something the policy blocks.")); stop != sdk.StopReasonRefusal {
		t.Fatalf("stop reason %s, want refusal; updates:\n%s", stop, c.transcript())
	}
	inOrder(t, c.transcript(), "Run refused: ChatGPT refused the request (its content policy): it blocked the reply to turn 1")
	if strings.Contains(c.transcript(), "never shown") {
		t.Fatalf("the blocked reply reached the editor:\n%s", c.transcript())
	}
	if stop := c.prompt(id, sdk.TextBlock("say hello instead")); stop != sdk.StopReasonEndTurn {
		t.Fatalf("stop reason %s after new words, want end_turn; updates:\n%s", stop, c.transcript())
	}
	inOrder(t, c.transcript(), "Run refused: ChatGPT refused", "agent: Hello, reworded.")
	if rec := srv.Received(); len(rec) != 2 {
		t.Fatalf("received %+v: want the refused message and the new words", rec)
	}
}
