//go:build linux

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
)

// takeoverCount counts browser.manual_takeover events in state.
func takeoverCount(evs []event.Event, state string) int {
	n := 0
	for _, ev := range evs {
		if ev.Type == event.EvManualTakeover {
			var p event.TakeoverPayload
			json.Unmarshal(ev.Payload, &p)
			if p.State == state {
				n++
			}
		}
	}
	return n
}

// sentKinds lists the kinds of the messages recorded as sent.
func sentKinds(evs []event.Event) []string {
	var out []string
	for _, ev := range evs {
		if ev.Type == event.EvModelMessageSent {
			var p event.MessageSentPayload
			json.Unmarshal(ev.Payload, &p)
			out = append(out, string(p.Kind))
		}
	}
	return out
}

// checkPausedStatus checks that `wtagent status` (text and --json) says
// the live run is paused for a manual takeover.
func (e *env) checkPausedStatus(id string) {
	e.t.Helper()
	if _, out, _ := e.run("status", id); !strings.Contains(out, "paused: manual takeover") || !strings.Contains(out, "MANUAL_TAKEOVER") {
		e.t.Fatalf("status does not say the run is paused for a takeover:\n%s", out)
	}
	_, out, _ := e.run("status", "--json", id)
	var st struct {
		Paused string `json:"paused"`
		Phase  string `json:"phase"`
		Live   bool   `json:"live"`
	}
	if err := json.Unmarshal([]byte(out), &st); err != nil || st.Paused != messages.PausedTakeover || !st.Live {
		e.t.Fatalf("status --json: %+v (%v)\n%s", st, err, out)
	}
}

// With the scripted provider there is no page: Ctrl+O (the key the status
// line names; /browser alike) pauses the run at the safe point after the
// running tool (the result is held, not sent), status says so, and Enter
// on the empty prompt (/resume alike) sends the held result once.
func TestBrowserTakeoverPausesAndResumeContinues(t *testing.T) {
	e := newEnv(t)
	e.write("wait.sh", "while [ ! -f go ]; do sleep 0.05; done; echo released\n")
	s := e.script(
		model.ScriptLine{Reply: agentReply(false, "Wait.", callXML("terminal.exec", el("program", "sh"), items("argv", "wait.sh")))},
		model.ScriptLine{Expect: "released", Reply: agentReply(true, "Released after the takeover.", "")},
	)
	tm := e.startPTY("--provider", "script", "--script", s, "--approvals", "allow", "wait for me")
	at := tm.waitFor("terminal.exec sh wait.sh", 0)
	at = tm.waitFor("· ctrl+o browser", at)
	tm.send("\x0f")
	at = tm.waitFor("/browser: the run pauses at the next safe point", at)
	os.WriteFile(filepath.Join(e.root, "go"), nil, 0o644)
	at = tm.waitFor("paused: manual takeover", at)
	id := e.waitFor("the takeover", func(evs []event.Event) bool { return takeoverCount(evs, event.TakeoverActive) == 1 })
	if n := sentWith(e.events(id), "released"); n != 0 {
		t.Fatalf("the held result was sent %d times during the takeover", n)
	}
	e.checkPausedStatus(id)
	tm.send("\r")
	at = tm.waitFor("handed back", at)
	tm.waitFor("Released after the takeover.", at)
	if code := tm.exit(); code != 0 {
		t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
	}
	evs := e.events(id)
	if n := sentWith(evs, "released"); n != 1 {
		t.Fatalf("the held result went out %d times, want once", n)
	}
	if count(evs, event.EvHandedBack) != 1 {
		t.Fatalf("no browser.handed_back event:\n%s", eventTrace(evs))
	}
}

// rolloutHasUser reports whether the session's rollout has a user message
// holding text.
func (e *env) rolloutHasUser(id, text string) bool {
	e.t.Helper()
	files, _ := filepath.Glob(filepath.Join(e.home, "sessions", id, "rollout-*.jsonl"))
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			e.t.Fatal(err)
		}
		for _, l := range strings.Split(string(raw), "\n") {
			if strings.Contains(l, `"role":"user"`) && strings.Contains(l, text) {
				return true
			}
		}
	}
	return false
}

// A takeover killed by kill -9: `wtagent resume` sends the held result
// once and finishes.
func TestBrowserTakeoverSurvivesKill9(t *testing.T) {
	e := newEnv(t)
	e.write("wait.sh", "while [ ! -f go ]; do sleep 0.05; done; echo released\n")
	s := e.script(
		model.ScriptLine{Reply: agentReply(false, "Wait.", callXML("terminal.exec", el("program", "sh"), items("argv", "wait.sh")))},
		model.ScriptLine{Expect: "released", Reply: agentReply(true, "Released after the crash.", "")},
	)
	tm := e.startPTY("--provider", "script", "--script", s, "--approvals", "allow", "wait for me")
	at := tm.waitFor("terminal.exec sh wait.sh", 0)
	tm.send("/browser\r")
	at = tm.waitFor("/browser: the run pauses at the next safe point", at)
	os.WriteFile(filepath.Join(e.root, "go"), nil, 0o644)
	tm.waitFor("paused: manual takeover", at)
	id := e.waitFor("the takeover", func(evs []event.Event) bool { return takeoverCount(evs, event.TakeoverActive) == 1 })
	if err := tm.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	tm.exit()
	code, out, errOut := e.run("resume", id, "--provider", "script", "--script", s)
	if code != 0 || !strings.Contains(out+errOut, "Released after the crash.") {
		t.Fatalf("resume: exit %d\n%s\n%s", code, out, errOut)
	}
	if n := sentWith(e.events(id), "released"); n != 1 {
		t.Fatalf("the held result went out %d times, want once", n)
	}
}

// /browser at the prompt between runs says what it is for.
func TestBrowserCommandBetweenRuns(t *testing.T) {
	e := newEnv(t)
	s := e.script(model.ScriptLine{Reply: agentReply(true, "Unused.", "")})
	tm := e.startPTY("--provider", "script", "--script", s)
	at := tm.waitIdle(0)
	tm.send("/help\r")
	at = tm.waitFor("/browser", at)
	at = tm.waitIdle(at)
	tm.send("/browser\r")
	at = tm.waitFor("/browser: no run is working", at)
	tm.waitIdle(at)
	tm.send("/exit\r")
	if code := tm.exit(); code != 0 {
		t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
	}
}
