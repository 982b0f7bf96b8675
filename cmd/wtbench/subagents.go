package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/wtagent/wtagent/browser/chrome"
	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/session"
	"github.com/wtagent/wtagent/session/event"
)

// subAgentLines is a run on the mock page whose first reply starts the
// named sub-agents, each a 4-reply conversation (three fs.read, then done)
// whose every reply takes delay.
func subAgentLines(names []string, delay time.Duration) []model.ScriptLine {
	var calls strings.Builder
	for _, n := range names {
		fmt.Fprintf(&calls, `<tool_call name="agent.run"><args><task>%s: read the three files and report</task></args></tool_call>`, n)
	}
	lines := []model.ScriptLine{
		{Reply: reply(false, "Sub-agents.", calls.String())},
		{Expect: `name="agent.run"`, Reply: reply(true, "Read.", "")},
	}
	for _, n := range names {
		for i := range 4 {
			l := model.ScriptLine{Agent: n + ":", DelayMS: int(delay.Milliseconds()), Reply: reply(true, "Read all three.", "")}
			if i < 3 {
				l.Reply = reply(false, "Reading.", fmt.Sprintf(`<tool_call name="fs.read"><args><path>%s%d.txt</path></args></tool_call>`, n, i+1))
			}
			lines = append(lines, l)
		}
	}
	for i := range lines {
		lines[i].Line = i + 1
	}
	return lines
}

// subAgentRun runs names' sub-agents through wtagent on the mock page in
// headless Chromium, at most maxAgents at once, and returns the wall time
// from the first sub-agent's start to the last one's end (from their event
// logs).
func (b *bench) subAgentRun(label string, names []string, maxAgents int, delay time.Duration) (time.Duration, error) {
	srv := mockchat.New(mockchat.Options{Script: subAgentLines(names, delay), LoggedIn: true})
	url, err := srv.Start("127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer srv.Close()
	home, root := b.project("subagents-" + label)
	config := fmt.Sprintf(`{"calls-per-reply": 8, "max-subagents": %d}`, maxAgents)
	if err := os.WriteFile(filepath.Join(home, "config.json"), []byte(config), 0o600); err != nil {
		return 0, err
	}
	for _, n := range names {
		for i := range 3 {
			if err := os.WriteFile(filepath.Join(root, fmt.Sprintf("%s%d.txt", n, i+1)), []byte(n+"\n"), 0o644); err != nil {
				return 0, err
			}
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := b.wtagent(ctx, home, root, "--chatgpt-url", url, "--headless", "--approvals", "deny", "ask sub-agents for the words")
	if out, err := cmd.CombinedOutput(); err != nil {
		return 0, fmt.Errorf("wtagent: %v\n%s", err, out)
	}
	_, id, err := events(home)
	if err != nil {
		return 0, err
	}
	return subAgentSpan(filepath.Join(home, "sessions", id, session.AgentsDirName), len(names))
}

// subAgentSpan is the time from the first sub-agent's run.started to the
// last one's run.completed, over the n completed sub-agent logs under dir.
func subAgentSpan(dir string, n int) (time.Duration, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	var from, to time.Time
	done := 0
	for _, de := range entries {
		evs, _, err := session.ReadEvents(filepath.Join(dir, de.Name(), session.EventsFileName))
		if err != nil {
			return 0, err
		}
		for _, ev := range evs {
			switch ev.Type {
			case event.EvRunStarted:
				if from.IsZero() || ev.TS.Before(from) {
					from = ev.TS
				}
			case event.EvRunCompleted:
				done++
				if ev.TS.After(to) {
					to = ev.TS
				}
			}
		}
	}
	if done != n {
		return 0, fmt.Errorf("%d of %d sub-agents completed", done, n)
	}
	return to.Sub(from), nil
}

// subAgentsParallel is issue 41's row: three independent read sub-tasks,
// each a 4-reply conversation with a fixed per-reply delay on the mock
// page, in three tabs at once, beside one alone and the three in sequence
// (max-subagents 1).
func (b *bench) subAgentsParallel() result {
	if _, err := chrome.Discover(os.Getenv, "linux"); err != nil {
		return result{measured: "not measured", baseline: "-", ok: "n/a", note: err.Error()}
	}
	delay := 2 * time.Second
	if b.quick {
		delay = time.Second
	}
	all := []string{"alpha", "beta", "gamma"}
	one, err := b.subAgentRun("one", all[:1], 3, delay)
	if err != nil {
		return failed(err)
	}
	par, err := b.subAgentRun("parallel", all, 3, delay)
	if err != nil {
		return failed(err)
	}
	seq, err := b.subAgentRun("sequence", all, 1, delay)
	if err != nil {
		return failed(err)
	}
	r := func(d time.Duration) string { return d.Round(10 * time.Millisecond).String() }
	return result{
		measured: fmt.Sprintf("three in parallel %s = %.2f× one alone", r(par), float64(par)/float64(one)),
		baseline: fmt.Sprintf("one alone %s; the three in sequence %s (%.2f× one); %s per reply", r(one), r(seq), float64(seq)/float64(one), delay),
		ok:       verdict(float64(par) <= 1.5*float64(one)),
	}
}
