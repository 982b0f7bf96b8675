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
	if code != 0 || !strings.Contains(human, id) || !strings.Contains(human, "WAITING_MODEL") || !strings.Contains(human, "wtagent/session/controller") {
		t.Fatalf("human status: exit %d:\n%s", code, human)
	}

	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	code, out, _ = e.run("status", "--json", id)
	if code != 0 || !strings.Contains(out, `"dead":true`) || !strings.Contains(out, "wtagent resume "+id) {
		t.Fatalf("dead status: exit %d: %s", code, out)
	}
}
