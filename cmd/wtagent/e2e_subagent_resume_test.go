//go:build linux

package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/session"
	"github.com/wtagent/wtagent/session/event"
)

// subAgentsWaiting reports whether n sub-agents of the session id have
// each posted sent messages (and so wait for the reply to the last).
func (e *env) subAgentsWaiting(id string, n, sent int) bool {
	dir := filepath.Join(e.home, "sessions", id, session.AgentsDirName)
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != n {
		return false
	}
	for _, de := range entries {
		evs, _, err := session.ReadEvents(filepath.Join(dir, de.Name(), session.EventsFileName))
		if err != nil || count(evs, event.EvModelMessageSent) != sent {
			return false
		}
	}
	return true
}

// TestSubAgentsResumeAfterKill9: wtagent killed (-9) while two write
// sub-agents wait for the replies to their tool results; `wtagent resume`
// continues each sub-agent from its own log (its command does not run
// again, no message is posted again, no new sub-agent starts) and then the
// main run, whose agent.run calls get the resumed sub-agents' results.
func TestSubAgentsResumeAfterKill9(t *testing.T) {
	e := batchEnv(t, "8")
	lines := leftRightWriters(t, e, "log once in left", "log once in right", "Both sub-agents logged once.")
	for _, n := range []string{"left", "right"} {
		lines = append(lines,
			model.ScriptLine{Agent: n, Reply: agentReply(false, "Logging.",
				callXML("terminal.exec", el("program", "sh"), items("argv", "-c", "echo ran >> "+n+"/runs.log")))},
			// The kill comes while the sub-agents wait for this reply.
			model.ScriptLine{Agent: n, Expect: `status="ok"`, DelayMS: 5000, Reply: agentReply(true, "Logged in "+n+"/runs.log.", "")})
	}
	s := e.script(lines...)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd, out := e.startRun(ctx, "--provider", "script", "--script", s, "--approvals", "allow", "log with two sub-agents")
	id := e.waitFor("both sub-agents waiting for their replies", func(evs []event.Event) bool {
		return len(evs) > 0 && e.subAgentsWaiting(evs[0].SessionID, 2, 2)
	})
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	waitGone(t, e.root)
	if evs := e.events(id); count(evs, event.EvRunCompleted) != 0 {
		t.Fatalf("the run completed before the kill:\n%s", out)
	}
	code, rout, errOut := e.run("resume", id, "--approvals", "allow")
	if code != 0 {
		t.Fatalf("resume: exit %d\n%s\n%s", code, rout, errOut)
	}
	for _, n := range []string{"left", "right"} {
		if got, _ := e.read(n + "/runs.log"); got != "ran\n" {
			t.Errorf("%s/runs.log = %q: its sub-agent's command ran again", n, got)
		}
	}
	evs := e.events(id)
	if count(evs, event.EvRunCompleted) != 1 {
		t.Fatalf("the main run did not complete after resume:\n%s", rout)
	}
	msgs := resultTexts(t, evs)
	if len(msgs) != 1 || heads(msgs[0].Text) != "1 agent.run ok, 2 agent.run ok" {
		t.Fatalf("%d result messages; %q", len(msgs), heads(msgs[len(msgs)-1].Text))
	}
	for _, want := range []string{"Logged in left/runs.log.", "Logged in right/runs.log."} {
		if !strings.Contains(msgs[0].Text, want) {
			t.Errorf("the results lack the resumed sub-agent's %q:\n%s", want, msgs[0].Text)
		}
	}
	subs := e.subAgents(id)
	if len(subs) != 2 {
		t.Fatalf("%d sub-agent sessions, want the 2 resumed", len(subs))
	}
	for n, log := range subs {
		if got := count(log.events, event.EvModelMessageSent); got != 2 {
			t.Errorf("%s: %d messages posted, want 2 (the task and its tool result, each once)", n, got)
		}
		if got := count(log.events, event.EvToolStarted); got != 1 {
			t.Errorf("%s: %d tool.started, want 1", n, got)
		}
		if count(log.events, event.EvRunCompleted) != 1 {
			t.Errorf("%s: its run did not complete in its own log", n)
		}
	}
}

// TestSubAgentsResumeAfterCtrlC: Ctrl+C pauses two sub-agents that wait
// for their replies; `wtagent resume` continues both from their logs
// (each message posted once, no new sub-agent) and the main run gets
// their results, not the paused ones.
func TestSubAgentsResumeAfterCtrlC(t *testing.T) {
	e := batchEnv(t, "8")
	id, out, err := twoReadersInterrupted(t, e, func(f string) model.ScriptLine {
		return model.ScriptLine{Expect: `status="ok"`, Reply: agentReply(true, "Read "+f+" after the pause.", "")}
	})
	if err == nil {
		t.Fatalf("the run was not interrupted by Ctrl+C:\n%s", out)
	}
	code, rout, errOut := e.run("resume", id, "--approvals", "deny")
	if code != 0 {
		t.Fatalf("resume: exit %d\n%s\n%s", code, rout, errOut)
	}
	evs := e.events(id)
	msgs := resultTexts(t, evs)
	if len(msgs) != 1 || heads(msgs[0].Text) != "1 agent.run ok, 2 agent.run ok" {
		t.Fatalf("%d result messages; %q", len(msgs), heads(msgs[len(msgs)-1].Text))
	}
	for _, want := range []string{"Read a.txt after the pause.", "Read b.txt after the pause."} {
		if !strings.Contains(msgs[0].Text, want) {
			t.Errorf("the results lack %q:\n%s", want, msgs[0].Text)
		}
	}
	subs := e.subAgents(id)
	if len(subs) != 2 {
		t.Fatalf("%d sub-agent sessions, want the 2 resumed", len(subs))
	}
	for n, log := range subs {
		if got := count(log.events, event.EvModelMessageSent); got != 2 {
			t.Errorf("%s: %d messages posted, want 2 (each once)", n, got)
		}
		if count(log.events, event.EvRunInterrupted) != 1 || count(log.events, event.EvRunCompleted) != 1 {
			t.Errorf("%s: not paused, then completed, in its own log", n)
		}
	}
}

// TestSubAgentFinishedBeforeKillIsReadOnResume: wtagent killed after a
// sub-agent finished but before its agent.run call had its result; resume
// reads the sub-agent's result from its log (it posts nothing again, no
// new sub-agent starts) and the main run finishes with it.
func TestSubAgentFinishedBeforeKillIsReadOnResume(t *testing.T) {
	e := batchEnv(t, "8")
	s := e.script(
		model.ScriptLine{Reply: agentReply(false, "One sub-agent.", agentRunXML("solo: say the word"))},
		model.ScriptLine{Expect: "The word is kept", Reply: agentReply(true, "The sub-agent said it.", "")},
		model.ScriptLine{Agent: "solo", Reply: agentReply(true, "The word is kept.", "")},
	)
	e.runKilled(t, "WTAGENT_FAULT_AGENT_KILL=1", "--provider", "script", "--script", s, "--approvals", "deny", "ask one sub-agent")
	id := e.onlySession()
	if code, out, errOut := e.run("resume", id, "--approvals", "deny"); code != 0 {
		t.Fatalf("resume: exit %d\n%s\n%s", code, out, errOut)
	}
	evs := e.events(id)
	if count(evs, event.EvRunCompleted) != 1 {
		t.Fatal("the main run did not complete after resume")
	}
	if msg := resultTexts(t, evs)[0].Text; !strings.Contains(msg, `name="agent.run" status="ok"`) || !strings.Contains(msg, "The word is kept.") {
		t.Fatalf("the result is not the finished sub-agent's:\n%s", msg)
	}
	subs := e.subAgents(id)
	if len(subs) != 1 {
		t.Fatalf("%d sub-agent sessions, want 1", len(subs))
	}
	if got := count(subs["solo"].events, event.EvModelMessageSent); got != 1 {
		t.Errorf("the finished sub-agent posted %d messages, want 1", got)
	}
}
