//go:build linux

package main

import (
	"context"
	"encoding/json"
	"strings"
	"syscall"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
)

// TestStatusOfALiveAndADeadSession queries a running session over its
// socket from a second process, then kills it and sees it listed as dead.
func TestStatusOfALiveAndADeadSession(t *testing.T) {
	e := newEnv(t)
	s := e.script(model.ScriptLine{Reply: agentReply(true, "Done.", ""), DelayMS: 600000})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cmd := e.command(ctx, "--provider", "script", "--script", s, "wait for me")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The status actor gets each event right after it is on disk, before
	// the status query this test sends afterwards.
	id := e.waitFor("the model wait", func(evs []event.Event) bool {
		for _, ev := range evs {
			var p event.PhaseChanged
			if ev.Type == event.EvPhaseChanged && json.Unmarshal(ev.Payload, &p) == nil && p.To == event.PhaseWaitingModel {
				return true
			}
		}
		return false
	})

	var st struct {
		messages.Status
		State string `json:"state"`
	}
	code, out, errOut := e.run("status", "--json", id)
	if code != 0 {
		t.Fatalf("status: exit %d: %s", code, errOut)
	}
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		t.Fatalf("status output %q: %v", out, err)
	}
	if !st.Live || st.State != "running" || st.PID != cmd.Process.Pid {
		t.Fatalf("live status %+v", st)
	}
	if st.Phase != event.PhaseWaitingModel || st.Turn != 1 || st.Provider != "script" || st.Root != e.root {
		t.Fatalf("status phase %s turn %d provider %s root %s", st.Phase, st.Turn, st.Provider, st.Root)
	}
	paths := map[string]string{}
	for _, a := range st.Actors {
		paths[a.Path] = a.State
	}
	for _, p := range []string{"wtagent/eventlog", "wtagent/status", "wtagent/session/controller", "wtagent/session/browser/model", "wtagent/session/tools"} {
		if paths[p] != "running" {
			t.Errorf("actor %s: %q (tree: %v)", p, paths[p], paths)
		}
	}
	code, human, _ := e.run("status")
	if code != 0 || !strings.Contains(human, id) || !strings.Contains(human, "WAITING_MODEL") || strings.Contains(human, "wtagent/session/controller") {
		t.Fatalf("human status (the actor tree only with --tree): exit %d:\n%s", code, human)
	}
	code, human, _ = e.run("status", "--tree")
	if code != 0 || !strings.Contains(human, "  actors\n") || !strings.Contains(human, "wtagent/session/controller") {
		t.Fatalf("human status --tree: exit %d:\n%s", code, human)
	}

	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	code, out, _ = e.run("status", "--json", id)
	if code != 0 || !strings.Contains(out, `"dead":true`) || !strings.Contains(out, "wtagent resume "+id) {
		t.Fatalf("dead status: exit %d: %s", code, out)
	}
}

// TestStatusOfASessionAtItsPrompt: `wtagent status` of an interactive
// session whose task is done says it waits for input (not "running …
// COMPLETED"), prints the actor tree only with --tree, and a cancelled
// session is listed with the command that resumes it (issue 42, item 20).
func TestStatusOfASessionAtItsPrompt(t *testing.T) {
	e := newEnv(t)
	s := e.script(model.ScriptLine{Reply: agentReply(true, "Answered.", "")})
	tm := e.startPTY("--provider", "script", "--script", s)
	at := tm.waitIdle(0)
	tm.send("say hello\r")
	at = tm.waitFor("Answered.", at)
	tm.waitIdle(at)
	id := e.onlySession()
	code, out, errOut := e.run("status")
	if code != 0 || !strings.Contains(out, "● "+id+"  waiting for input\n") ||
		!strings.Contains(out, "  phase     waiting for input at its prompt (last task completed), turn 1\n") ||
		strings.Contains(out, "COMPLETED") || strings.Contains(out, "actors") {
		t.Errorf("status of a session at its prompt: exit %d\n%s%s", code, out, errOut)
	}
	if _, out, _ = e.run("status", "--tree"); !strings.Contains(out, "wtagent/session/controller") {
		t.Errorf("status --tree lacks the actor tree:\n%s", out)
	}
	tm.send("\x04") // Ctrl+D
	if code := tm.exit(); code != 0 {
		t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
	}

	e2 := newEnv(t)
	slow := model.ScriptLine{Reply: agentReply(true, "Done.", ""), DelayMS: 60000}
	tm = e2.startPTY("--provider", "script", "--script", e2.script(slow), "wait")
	at = tm.waitFor("ChatGPT is thinking", 0)
	tm.send("\x03")
	at = tm.waitFor("pausing after the current step", at)
	tm.send("\x03")
	tm.waitFor("cancelled", at)
	if code := tm.exit(); code != 130 {
		t.Fatalf("exit %d after two Ctrl+C, want 130; screen:\n%s", code, tm.screen())
	}
	id = e2.onlySession()
	if _, out, _ = e2.run("status", "--all"); !strings.Contains(out, "● "+id+"  cancelled\n") ||
		!strings.Contains(out, "resume with `wtagent resume "+id+"`") {
		t.Errorf("status --all of a cancelled session has no resume line:\n%s", out)
	}
}
