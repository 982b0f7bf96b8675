//go:build linux

package main

import (
	"strings"
	"testing"

	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/session/event"
)

// TestSubAgentTreeGivingUpIsTheCallsError: a sub-agent whose controller
// crashes each time it starts (the fault hook) is restarted by its own
// supervisors until its tree gives up; that comes back as its agent.run
// call's error, the read beside it is untouched, and the main run, whose
// tree holds the sub-agent's as a child, finishes.
func TestSubAgentTreeGivingUpIsTheCallsError(t *testing.T) {
	e := batchEnv(t, "8")
	s := e.script(
		model.ScriptLine{Reply: agentReply(false, "One that crashes.", agentRunXML("crasher: read b.txt")+readXML("a.txt"))},
		model.ScriptLine{Expect: `status="error"`, Reply: agentReply(true, "The sub-agent crashed; a.txt says alpha-content.", "")},
		model.ScriptLine{Agent: "crasher", Reply: agentReply(true, "unused: its controller never starts", "")},
	)
	code, out, errOut := e.runWith([]string{"WTAGENT_FAULT_AGENT_CRASH=sub-agent 1"},
		"--provider", "script", "--script", s, "--approvals", "deny", "try a crashing sub-agent")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	id := e.onlySession()
	evs := e.events(id)
	msg := resultTexts(t, evs)[0].Text
	if got, want := heads(msg), "1 agent.run error, 2 fs.read ok"; got != want {
		t.Fatalf("results %q, want %q:\n%s", got, want, msg)
	}
	for _, want := range []string{"sub-agent 1: its actor tree stopped", "restart intensity exceeded", "alpha-content"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the results lack %q:\n%s", want, msg)
		}
	}
	if count(evs, event.EvRunCompleted) != 1 {
		t.Fatalf("the main run did not complete:\n%s", out)
	}
	sub := e.subAgents(id)["crasher"]
	if count(sub.events, event.EvModelMessageSent) != 0 {
		t.Errorf("the crashing sub-agent sent %d messages", count(sub.events, event.EvModelMessageSent))
	}
}
