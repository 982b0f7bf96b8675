//go:build linux

package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
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
	if !strings.Contains(out, "agent.run beta: read b.txt and report its word") {
		t.Errorf("the live view does not name the sub-agent by its task:\n%s", out)
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
	// `wtagent status` shows each sub-agent: its state, turn and task.
	code, status, errOut := e.run("status", id)
	if code != 0 {
		t.Fatalf("status: exit %d\n%s", code, errOut)
	}
	for _, n := range names {
		if !regexp.MustCompile(`sub-agent \S+ completed, turn 2, [0-9.]+m?s: ` + n + `: read`).MatchString(status) {
			t.Errorf("status does not show sub-agent %s:\n%s", n, status)
		}
	}
}

// overlap reports whether two sub-agents' conversations were busy at the
// same time.
func overlap(a, b subAgentLog) bool {
	af, at := a.span()
	bf, bt := b.span()
	return af.Before(bt) && bf.Before(at)
}

// writeAgentLines are the script lines of a write sub-agent named name:
// it writes mine, then tries theirs (refused by its confinement), then
// reports.
func writeAgentLines(name, mine, theirs string) []model.ScriptLine {
	return []model.ScriptLine{
		{Agent: name, Expect: name + ": write", DelayMS: 300, Reply: agentReply(false, "Writing mine.",
			callXML("fs.write", el("path", mine), el("content", name+"\n")))},
		{Agent: name, Expect: `status="ok"`, DelayMS: 300, Reply: agentReply(false, "Now theirs.",
			callXML("fs.write", el("path", theirs), el("content", "intruder\n")))},
		{Agent: name, Expect: "may change only " + name, Reply: agentReply(false, "And by a program.",
			callXML("terminal.exec", el("program", "touch"), items("argv", mine+".touched", theirs+".touched")))},
		{Agent: name, Expect: "terminal.exec", Reply: agentReply(true, "Wrote "+mine+"; "+theirs+" was refused.", "")},
	}
}

// TestSubAgentsWriteConfined: two write sub-agents with disjoint paths run
// at the same time, each writes inside its paths, and a write outside them
// is refused: by the policy (fs.write) and by the sandbox (a program).
func TestSubAgentsWriteConfined(t *testing.T) {
	e := batchEnv(t, "8")
	lines := leftRightWriters(t, e, "write left/l.txt", "write right/r.txt", "Both sides written.")
	lines = append(lines, writeAgentLines("left", "left/l.txt", "right/x.txt")...)
	lines = append(lines, writeAgentLines("right", "right/r.txt", "left/y.txt")...)
	code, out, errOut := e.run("--provider", "script", "--script", e.script(lines...), "--approvals", "deny", "write both sides with two sub-agents")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	for file, want := range map[string]string{"left/l.txt": "left\n", "right/r.txt": "right\n", "right/x.txt": "", "left/y.txt": "",
		"right/x.txt.touched": "", "left/y.txt.touched": "", "left/l.txt.touched": "", "right/r.txt.touched": ""} {
		got, err := os.ReadFile(filepath.Join(e.root, file))
		if strings.HasPrefix(file, "left/l.txt.") || strings.HasPrefix(file, "right/r.txt.") {
			if err != nil {
				t.Errorf("a program could not create %s inside its sub-agent's paths: %v", file, err)
			}
			continue
		}
		if want == "" && !os.IsNotExist(err) {
			t.Errorf("%s was written (%q) outside its sub-agent's paths", file, got)
		}
		if want != "" && string(got) != want {
			t.Errorf("%s = %q, %v; want %q", file, got, err, want)
		}
	}
	id := e.onlySession()
	msgs := resultTexts(t, e.events(id))
	if got, want := heads(msgs[0].Text), "1 agent.run ok, 2 agent.run ok"; got != want {
		t.Fatalf("results %q, want %q:\n%s", got, want, msgs[0].Text)
	}
	for _, want := range []string{`"changed":["left/l.txt"]`, `"changed":["right/r.txt"]`} {
		if !strings.Contains(msgs[0].Text, want) {
			t.Errorf("the results lack %q:\n%s", want, msgs[0].Text)
		}
	}
	subs := e.subAgents(id)
	if !overlap(subs["left"], subs["right"]) {
		t.Fatal("the write sub-agents with disjoint paths ran one after another")
	}
	for name, log := range subs {
		if count(log.events, event.EvPolicyDecided) == 0 || !strings.Contains(eventsText(log.events), "may change only "+name) {
			t.Errorf("%s: no refusal of its write outside its paths in its log", name)
		}
	}
}

// TestSubAgentsOverlappingPathsWait: a write sub-agent whose paths overlap
// a running one's waits for it: the two never run side by side, and both
// finish.
func TestSubAgentsOverlappingPathsWait(t *testing.T) {
	e := batchEnv(t, "8")
	lines := []model.ScriptLine{{
		Reply: agentReply(false, "Two writers on one tree.",
			agentRunXML("outer: write shared/o.txt", el("mode", "write"), items("paths", "shared"))+
				agentRunXML("inner: write shared/sub/i.txt", el("mode", "write"), items("paths", "shared/sub"))),
	}, {
		Expect: `<tool_results calls="2">`, Reply: agentReply(true, "Both written.", ""),
	}}
	for name, file := range map[string]string{"outer": "shared/o.txt", "inner": "shared/sub/i.txt"} {
		lines = append(lines,
			model.ScriptLine{Agent: name, DelayMS: 300, Reply: agentReply(false, "Writing.", callXML("fs.write", el("path", file), el("content", name+"\n")))},
			model.ScriptLine{Agent: name, Expect: `status="ok"`, DelayMS: 300, Reply: agentReply(true, "Wrote "+file+".", "")})
	}
	code, out, errOut := e.run("--provider", "script", "--script", e.script(lines...), "--approvals", "deny", "write the shared tree with two sub-agents")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	id := e.onlySession()
	if got, want := heads(resultTexts(t, e.events(id))[0].Text), "1 agent.run ok, 2 agent.run ok"; got != want {
		t.Fatalf("results %q, want %q", got, want)
	}
	subs := e.subAgents(id)
	if len(subs) != 2 {
		t.Fatalf("%d sub-agents ran, want 2", len(subs))
	}
	if overlap(subs["outer"], subs["inner"]) {
		t.Fatal("two sub-agents with overlapping paths ran side by side")
	}
}

// TestSubAgentsBadInput: a write sub-agent with a path outside the
// project, one without paths, a read one with paths each come back as a
// clear refusal; a sub-agent that calls agent.run is told it has no such
// tool and still finishes; nothing else is lost.
func TestSubAgentsBadInput(t *testing.T) {
	e := batchEnv(t, "8")
	outside := filepath.Join(t.TempDir(), "elsewhere")
	lines := []model.ScriptLine{{
		Reply: agentReply(false, "Bad sub-agents.",
			agentRunXML("outside: write there", el("mode", "write"), items("paths", outside))+
				agentRunXML("nopaths: write something", el("mode", "write"))+
				agentRunXML("readpaths: look", items("paths", "a.txt"))+
				agentRunXML("nested: start another")),
	}, {
		Expect: `<tool_results calls="4">`, Reply: agentReply(true, "Reported.", ""),
	}, {
		Agent: "nested", Reply: agentReply(false, "Nesting.", agentRunXML("deeper: anything")),
	}, {
		Agent: "nested", Expect: "agent.run", Reply: agentReply(true, "I cannot start sub-agents.", ""),
	}}
	code, out, errOut := e.run("--provider", "script", "--script", e.script(lines...), "--approvals", "deny", "try bad sub-agents")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	id := e.onlySession()
	msg := resultTexts(t, e.events(id))[0].Text
	if got, want := heads(msg), "1 agent.run denied, 2 agent.run denied, 3 agent.run denied, 4 agent.run ok"; got != want {
		t.Fatalf("results %q, want %q:\n%s", got, want, msg)
	}
	for _, want := range []string{"outside the project root", "needs paths", "paths are for mode write", "I cannot start sub-agents."} {
		if !strings.Contains(msg, want) {
			t.Errorf("the results lack %q:\n%s", want, msg)
		}
	}
	subs := e.subAgents(id)
	if len(subs) != 1 {
		t.Fatalf("%d sub-agents ran, want only the nested one", len(subs))
	}
	if count(subs["nested"].events, event.EvToolStarted) != 0 {
		t.Error("the nested agent.run ran")
	}
}

// eventsText is every payload of a log, for searching.
func eventsText(evs []event.Event) string {
	var b strings.Builder
	for _, ev := range evs {
		b.Write(ev.Payload)
		b.WriteByte('\n')
	}
	return b.String()
}

// TestSubAgentsMaxSubagents: with max-subagents 1, two read sub-agents of
// one reply run one after the other (the second waits, none is dropped);
// `wtagent config` shows the setting, and a value outside 1..8 is refused.
func TestSubAgentsMaxSubagents(t *testing.T) {
	e := newEnv(t)
	write := func(cfg string) {
		if err := os.WriteFile(filepath.Join(e.home, "config.json"), []byte(cfg), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(`{"max-subagents": 9}`)
	if code, _, errOut := e.run("config"); code != 2 || !strings.Contains(errOut, "max-subagents must be 1 to 8, got 9") {
		t.Fatalf("max-subagents 9: exit %d\n%s", code, errOut)
	}
	write(`{"max-subagents": 1}`)
	if code, out, _ := e.run("config"); code != 0 || !strings.Contains(out, "max-subagents") {
		t.Fatalf("wtagent config does not show max-subagents: exit %d\n%s", code, out)
	}
	lines := []model.ScriptLine{
		{Reply: agentReply(false, "Two.", agentRunXML("first: say one")+agentRunXML("second: say two"))},
		{Expect: `<tool_results calls="2">`, Reply: agentReply(true, "Both answered.", "")},
	}
	for _, n := range []string{"first", "second"} {
		lines = append(lines, model.ScriptLine{Agent: n, DelayMS: 300, Reply: agentReply(true, "Answer of "+n+".", "")})
	}
	code, out, errOut := e.run("--provider", "script", "--script", e.script(lines...), "--approvals", "deny", "ask two sub-agents")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	id := e.onlySession()
	msg := resultTexts(t, e.events(id))[0].Text
	if got, want := heads(msg), "1 agent.run ok, 2 agent.run ok"; got != want || !strings.Contains(msg, "Answer of second.") {
		t.Fatalf("results %q, want %q:\n%s", got, want, msg)
	}
	subs := e.subAgents(id)
	if overlap(subs["first"], subs["second"]) {
		t.Fatal("two sub-agents ran at once under max-subagents 1")
	}
}

// TestSubAgentFailureIsTheCallsError: a sub-agent whose run fails (its
// script has no reply for it) comes back as its call's error naming it;
// the main run goes on and finishes.
func TestSubAgentFailureIsTheCallsError(t *testing.T) {
	e := batchEnv(t, "8")
	s := e.script(
		model.ScriptLine{Reply: agentReply(false, "One that fails.", agentRunXML("orphan: nobody answers me")+readXML("a.txt"))},
		model.ScriptLine{Expect: `status="error"`, Reply: agentReply(true, "The sub-agent failed; a.txt says alpha-content.", "")},
		model.ScriptLine{Agent: "someone else", Reply: agentReply(true, "unused", "")},
	)
	code, out, errOut := e.run("--provider", "script", "--script", s, "--approvals", "deny", "try a sub-agent")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	msg := resultTexts(t, e.events(e.onlySession()))[0].Text
	if got, want := heads(msg), "1 agent.run error, 2 fs.read ok"; got != want {
		t.Fatalf("results %q, want %q:\n%s", got, want, msg)
	}
	if !strings.Contains(msg, "sub-agent 1") || !strings.Contains(msg, "did not finish") {
		t.Fatalf("the error does not name the sub-agent and its end:\n%s", msg)
	}
}

// TestSubAgentEmptyTask: an agent.run with an empty task is refused as a
// protocol error naming the argument, and the model is asked again; no
// sub-agent starts.
func TestSubAgentEmptyTask(t *testing.T) {
	e := batchEnv(t, "8")
	s := e.script(
		model.ScriptLine{Reply: agentReply(false, "Empty.", agentRunXML(""))},
		model.ScriptLine{Expect: "<task> must not be empty", Reply: agentReply(true, "I will give a task next time.", "")},
		model.ScriptLine{Agent: "never", Reply: agentReply(true, "unused", "")},
	)
	code, out, errOut := e.run("--provider", "script", "--script", s, "--approvals", "deny", "try an empty sub-agent")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(e.home, "sessions", e.onlySession(), session.AgentsDirName)); !os.IsNotExist(err) {
		t.Fatalf("a sub-agent started for an empty task: %v", err)
	}
}

// TestSubAgentsPauseOnCtrlC: Ctrl+C (SIGINT) while two sub-agents wait for
// their replies pauses them at their next safe point, not only the main
// run: neither finishes its task, and the run ends interrupted.
func TestSubAgentsPauseOnCtrlC(t *testing.T) {
	e := batchEnv(t, "8")
	id, out, err := twoReadersInterrupted(t, e, func(f string) model.ScriptLine {
		return model.ScriptLine{DelayMS: 1500, Reply: agentReply(true, "Read "+f+".", "")}
	})
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 3 {
		t.Fatalf("after Ctrl+C: %v, want exit 3 (interrupted)\n%s", err, out)
	}
	subs := e.subAgents(id)
	if len(subs) != 2 {
		t.Fatalf("%d sub-agents, want 2", len(subs))
	}
	for n, log := range subs {
		if count(log.events, event.EvRunCompleted) != 0 || count(log.events, event.EvRunInterrupted) != 1 {
			t.Errorf("sub-agent %s was not paused: its log ends %s", n, log.events[len(log.events)-1].Type)
		}
	}
}

// leftRightWriters makes the project's left/ and right/ directories (so
// the sandbox can let each sub-agent's programs write in its own) and
// returns the main conversation's two lines: one reply starting two write
// sub-agents, "left: "+leftTask confined to left/ and "right: "+rightTask
// to right/, and the done reply with summary once both results came.
func leftRightWriters(t *testing.T, e *env, leftTask, rightTask, summary string) []model.ScriptLine {
	t.Helper()
	for _, d := range []string{"left", "right"} {
		if err := os.Mkdir(filepath.Join(e.root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return []model.ScriptLine{{
		Reply: agentReply(false, "Two writers.",
			agentRunXML("left: "+leftTask, el("mode", "write"), items("paths", "left"))+
				agentRunXML("right: "+rightTask, el("mode", "write"), items("paths", "right"))),
	}, {
		Expect: `<tool_results calls="2">`, Reply: agentReply(true, summary, ""),
	}}
}

// twoReadersInterrupted starts a run of two read sub-agents ("one" reads
// a.txt, "two" b.txt, each reply to its task held 1.5 s; final(file) is
// each one's reply after its read) and sends Ctrl+C once both started; it
// returns the session's id, its output and how the run ended.
func twoReadersInterrupted(t *testing.T, e *env, final func(file string) model.ScriptLine) (string, *syncBuffer, error) {
	t.Helper()
	id, cmd, out := startTwoReaders(t, e, 1500, final)
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	return id, out, cmd.Wait()
}

// startTwoReaders starts a run of two read sub-agents ("one" reads a.txt,
// "two" b.txt, each reply to its task held delayMS; final(file) is each
// one's reply after its read) and returns once both wait for the reply to
// their task: the session's id, the running wtagent and its output.
func startTwoReaders(t *testing.T, e *env, delayMS int, final func(file string) model.ScriptLine) (string, *exec.Cmd, *syncBuffer) {
	t.Helper()
	lines := []model.ScriptLine{
		{Reply: agentReply(false, "Two.", agentRunXML("one: read a.txt")+agentRunXML("two: read b.txt"))},
		{Expect: `<tool_results calls="2">`, Reply: agentReply(true, "Both done.", "")},
	}
	for n, f := range map[string]string{"one": "a.txt", "two": "b.txt"} {
		last := final(f)
		last.Agent = n
		lines = append(lines, model.ScriptLine{Agent: n, DelayMS: delayMS, Reply: agentReply(false, "Reading.", readXML(f))}, last)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	cmd, out := e.startRun(ctx, "--provider", "script", "--script", e.script(lines...), "--approvals", "deny", "two sub-agents")
	id := e.waitFor("both sub-agents wait for their first replies", func(evs []event.Event) bool {
		return count(evs, event.EvToolStarted) == 2 && e.subAgentsWaiting(evs[0].SessionID, 2, 1)
	})
	return id, cmd, out
}

// TestSubAgentsStopOnSecondCtrlC: a second Ctrl+C while two sub-agents
// wait for their replies stops them all at once, not only the main run:
// wtagent exits 130 (cancelled) and each sub-agent's log ends cancelled,
// with no reply waited out.
func TestSubAgentsStopOnSecondCtrlC(t *testing.T) {
	e := batchEnv(t, "8")
	id, cmd, out := startTwoReaders(t, e, 60000, func(f string) model.ScriptLine {
		return model.ScriptLine{Reply: agentReply(true, "Read "+f+".", "")}
	})
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	out.waitFor(t, "pausing after the current step")
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 130 {
		t.Fatalf("after two Ctrl+C: %v, want exit 130 (cancelled)\n%s", err, out)
	}
	subs := e.subAgents(id)
	if len(subs) != 2 {
		t.Fatalf("%d sub-agents, want 2", len(subs))
	}
	for n, log := range subs {
		if count(log.events, event.EvRunCancelled) != 1 || count(log.events, event.EvModelMessageComplete) != 0 {
			var types []event.Type
			for _, ev := range log.events {
				types = append(types, ev.Type)
			}
			t.Errorf("sub-agent %s did not end cancelled at the second Ctrl+C: its log %v", n, types)
		}
	}
}
