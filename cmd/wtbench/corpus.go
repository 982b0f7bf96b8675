package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/wtagent/wtagent/internal/batchcorpus"
	"github.com/wtagent/wtagent/model"
)

// corpusDir is the "messages per task" corpus, from the module root.
const corpusDir = "testdata/batchcorpus"

// replyDelay is the model's think time before each scripted reply in the
// timed replays: a stand-in for the mock page's per-reply delay, so that
// wall time follows the number of round trips.
const replyDelay = 250 * time.Millisecond

// corpusRule is one way of replying the corpus is replayed under: its
// config file and how the task's script is made.
type corpusRule struct {
	name, config string
	script       func(batchcorpus.Task) ([]model.ScriptLine, error)
}

// corpusRules are the three columns: one call per reply, issue 26's
// batches (reads at once, one change, last) and chains of changes.
func corpusRules() []corpusRule {
	return []corpusRule{
		{"one call per reply", "{\"calls-per-reply\": 1}\n", batchcorpus.Task.OneCall},
		{"issue 26", fmt.Sprintf("{\"calls-per-reply\": %d, \"chain-changes\": false}\n", batchcorpus.MaxCalls),
			func(t batchcorpus.Task) ([]model.ScriptLine, error) { return t.Batched, nil }},
		{"chains", fmt.Sprintf("{\"calls-per-reply\": %d, \"chain-changes\": true}\n", batchcorpus.MaxCalls), batchcorpus.Task.Chained},
	}
}

// errNoChains is a wtagent that refuses the calls-per-reply or the
// chain-changes key.
var errNoChains = errors.New("needs calls-per-reply and chain-changes: the wtagent binary refuses a config key")

// corpusTally sums the replays of the corpus, per rule.
type corpusTally struct {
	tasks, calls, sameStates int
	msgs                     []int
	wall                     []time.Duration
}

// messagesPerTask replays every corpus task (the acceptance scenario
// included) through the binary under each rule, with replyDelay before
// each reply: it counts the messages sent to the model from each
// session's log, times each run, and compares the projects' end states
// with the recorded one.
func (b *bench) messagesPerTask() result {
	tasks, err := batchcorpus.Load(corpusDir)
	if err != nil {
		return failed(err)
	}
	rules := corpusRules()
	if err := b.acceptsConfig(rules[len(rules)-1].config); err != nil {
		return failed(err)
	}
	t := corpusTally{msgs: make([]int, len(rules)), wall: make([]time.Duration, len(rules))}
	for _, task := range tasks {
		if err := b.replayTask(task, rules, &t, false); err != nil {
			return failed(fmt.Errorf("%s: %w", task.Name, err))
		}
	}
	var cols, walls []string
	for i, r := range rules {
		cols = append(cols, fmt.Sprintf("%s %d", r.name, t.msgs[i]))
		walls = append(walls, fmt.Sprintf("%s %s", r.name, t.wall[i].Round(100*time.Millisecond)))
	}
	chains, issue26 := float64(t.msgs[0])/float64(t.msgs[2]), float64(t.msgs[0])/float64(t.msgs[1])
	return result{
		measured: fmt.Sprintf("messages: %s: chains %.2f× fewer than one call per reply (issue 26: %.2f×); wall with %s per reply: %s; end states identical in %d of %d tasks",
			strings.Join(cols, ", "), chains, issue26, replyDelay, strings.Join(walls, ", "), t.sameStates, t.tasks),
		baseline: fmt.Sprintf("%d calls in %d tasks (10 recorded tasks and the acceptance scenario)", t.calls, t.tasks),
		ok:       verdict(chains >= 2.5 && t.sameStates == t.tasks),
	}
}

// acceptsConfig reports errNoChains when the binary refuses config.
func (b *bench) acceptsConfig(config string) error {
	home, _ := b.project("chain-changes")
	if err := os.WriteFile(filepath.Join(home, "config.json"), []byte(config), 0o600); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := b.wtagent(ctx, home, home, "config").CombinedOutput()
	if err != nil && (strings.Contains(string(out), `"calls-per-reply"`) || strings.Contains(string(out), `"chain-changes"`)) {
		return errNoChains
	}
	if err != nil {
		return fmt.Errorf("wtagent config: %w\n%s", err, out)
	}
	return nil
}

// replayTask replays one task under each rule, adding to t; every end
// state must be the recorded one. onPage replays it through headless
// Chromium on the mock page instead of the scripted provider.
func (b *bench) replayTask(task batchcorpus.Task, rules []corpusRule, t *corpusTally, onPage bool) error {
	turns, err := task.Turns()
	if err != nil {
		return err
	}
	want, err := os.ReadFile(task.EndStateFile())
	if err != nil {
		return err
	}
	t.tasks++
	t.calls += batchcorpus.Calls(turns)
	same := true
	for i, r := range rules {
		script, err := r.script(task)
		if err != nil {
			return err
		}
		start := time.Now()
		msgs, state, err := b.replayRule(task, fmt.Sprintf("%d-%s", i, task.Name), delayed(script), r.config, onPage)
		if err != nil {
			return fmt.Errorf("%s: %w", r.name, err)
		}
		t.wall[i] += time.Since(start)
		t.msgs[i] += msgs
		if state != string(want) {
			same = false
		}
	}
	if same {
		t.sameStates++
	}
	return nil
}

// delayed returns script with replyDelay before each reply.
func delayed(script []model.ScriptLine) []model.ScriptLine {
	out := append([]model.ScriptLine(nil), script...)
	for i := range out {
		out[i].DelayMS = int(replyDelay.Milliseconds())
	}
	return out
}

// replayScript runs script on a fresh copy of the task's project and returns
// the messages sent and the end state: with the scripted provider, or,
// when page is set, through that ChatGPT page (serving script) in
// headless Chromium.
func (b *bench) replayScript(task batchcorpus.Task, name string, script []model.ScriptLine, config, page string) (int, string, error) {
	home, root := b.project(name)
	if err := os.WriteFile(filepath.Join(home, "config.json"), []byte(config), 0o600); err != nil {
		return 0, "", err
	}
	if err := batchcorpus.CopyTree(task.Project(), root); err != nil {
		return 0, "", err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	o, err := batchcorpus.Replay{Bin: b.bin, Home: home, Root: root, Request: task.Request, Script: script, ChatGPTURL: page}.Run(ctx)
	if err != nil {
		return 0, "", fmt.Errorf("%w\n%s", err, o.Output)
	}
	state, err := batchcorpus.Tree(root)
	return o.Messages, state, err
}
