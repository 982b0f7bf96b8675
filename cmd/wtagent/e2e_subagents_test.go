//go:build linux

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/session"
	"github.com/wtagent/wtagent/session/event"
)

// subAgentLog is one sub-agent's session as its directory holds it.
type subAgentLog struct {
	task   string
	events []event.Event
}

// subAgents reads the sub-agents' sessions under the main session id, by
// the word of their task that names them in the script.
func (e *env) subAgents(id string) map[string]subAgentLog {
	e.t.Helper()
	dir := filepath.Join(e.home, "sessions", id, session.AgentsDirName)
	entries, err := os.ReadDir(dir)
	if err != nil {
		e.t.Fatalf("no sub-agents: %v", err)
	}
	out := map[string]subAgentLog{}
	for _, de := range entries {
		var st session.State
		b, err := os.ReadFile(filepath.Join(dir, de.Name(), session.StateFileName))
		if err != nil || json.Unmarshal(b, &st) != nil {
			e.t.Fatalf("sub-agent %s: state %v", de.Name(), err)
		}
		evs, _, err := session.ReadEvents(filepath.Join(dir, de.Name(), session.EventsFileName))
		if err != nil {
			e.t.Fatal(err)
		}
		out[strings.TrimSuffix(strings.Fields(st.Task)[0], ":")] = subAgentLog{task: st.Task, events: evs}
	}
	return out
}

// span is when a sub-agent's conversation was busy: from its first
// message sent to its last reply.
func (l subAgentLog) span() (from, to time.Time) {
	for _, ev := range l.events {
		switch ev.Type {
		case event.EvModelMessageSent:
			if from.IsZero() {
				from = ev.TS
			}
		case event.EvModelMessageComplete:
			to = ev.TS
		}
	}
	return from, to
}

func agentRunXML(task string, extra ...string) string {
	return callXML("agent.run", append([]string{el("task", task)}, extra...)...)
}

// TestSubAgentsReadInParallel: three read sub-agents in one reply run at
// once (each conversation's replies overlap the others' in their own event
// logs) and their results come back in one message: each one's final
// message, what it read, and its conversation.
func TestSubAgentsReadInParallel(t *testing.T) {
	e := batchEnv(t, "8")
	names := []string{"alpha", "beta", "gamma"}
	files := map[string]string{"alpha": "a.txt", "beta": "b.txt", "gamma": "c.txt"}
	lines := []model.ScriptLine{{
		Expect: "agent.run",
		Reply: agentReply(false, "Three sub-agents.",
			agentRunXML("alpha: read a.txt and report its word")+agentRunXML("beta: read b.txt and report its word")+
				agentRunXML("gamma: read c.txt and report its word")),
	}, {
		Expect: `<tool_results calls="3">`,
		Reply:  agentReply(true, "The three words are alpha, beta and gamma.", ""),
	}}
	for _, n := range names {
		lines = append(lines,
			model.ScriptLine{Agent: n, Expect: n + ": read", DelayMS: 400, Reply: agentReply(false, "Reading.", readXML(files[n]))},
			model.ScriptLine{Agent: n, Expect: n + "-content", DelayMS: 400, Reply: agentReply(true, "The word is "+n+"-from-"+n+".", "")})
	}
	s := e.script(lines...)
	code, out, errOut := e.run("--provider", "script", "--script", s, "--approvals", "deny", "ask three sub-agents for the words")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	id := e.onlySession()
	msgs := resultTexts(t, e.events(id))
	if len(msgs) != 1 {
		t.Fatalf("%d tool-result messages, want 1", len(msgs))
	}
	if got, want := heads(msgs[0].Text), "1 agent.run ok, 2 agent.run ok, 3 agent.run ok"; got != want {
		t.Fatalf("results %q, want %q:\n%s", got, want, msgs[0].Text)
	}
	for _, n := range names {
		for _, want := range []string{"The word is " + n + "-from-" + n, `"read":["` + files[n] + `"]`, "?agent#2"} {
			if !strings.Contains(msgs[0].Text, want) {
				t.Errorf("the results lack %q:\n%s", want, msgs[0].Text)
			}
		}
	}
	subs := e.subAgents(id)
	if len(subs) != 3 {
		t.Fatalf("%d sub-agent sessions, want 3", len(subs))
	}
	var latestStart, earliestEnd time.Time
	for _, n := range names {
		from, to := subs[n].span()
		if from.IsZero() || to.IsZero() {
			t.Fatalf("%s: no conversation in its log", n)
		}
		if from.After(latestStart) {
			latestStart = from
		}
		if earliestEnd.IsZero() || to.Before(earliestEnd) {
			earliestEnd = to
		}
		if count(subs[n].events, event.EvRunCompleted) != 1 {
			t.Errorf("%s: its run did not complete in its own log", n)
		}
	}
	// Every conversation had started before any had finished: they ran
	// at the same time.
	if !latestStart.Before(earliestEnd) {
		t.Fatalf("the sub-agents ran one after another: the last started at %v, the first ended at %v", latestStart, earliestEnd)
	}
}
