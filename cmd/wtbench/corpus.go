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

// callsPerReplyConfig is the config file of a batched replay.
var callsPerReplyConfig = fmt.Sprintf("{\"calls-per-reply\": %d}\n", batchcorpus.MaxCalls)

// oneCallConfig is the config file of a one-call-per-reply replay on a
// binary that has calls-per-reply (its default batches).
const oneCallConfig = "{\"calls-per-reply\": 1}\n"

// errNoCallsPerReply is a wtagent that refuses the calls-per-reply key.
var errNoCallsPerReply = errors.New("needs calls-per-reply: the wtagent binary refuses the config key")

// corpusTally sums the replays of the corpus.
type corpusTally struct {
	tasks, calls                 int
	static1, staticN             int // messages by the scripts: calls+1, batched replies
	oneCall, batched, sameStates int // messages sent as measured, end states equal
}

// messagesPerTask replays every corpus task through the binary one call
// per reply and, when the binary has calls-per-reply, batched (8 calls per
// reply): it counts the messages sent to the model from each session's
// log and compares the projects' end states.
func (b *bench) messagesPerTask() result {
	tasks, err := batchcorpus.Load(corpusDir)
	if err != nil {
		return failed(err)
	}
	batched := b.callsPerReply()
	var t corpusTally
	for _, task := range tasks {
		if err := b.replayTask(task, batched == nil, &t); err != nil {
			return failed(fmt.Errorf("%s: %w", task.Name, err))
		}
	}
	static := fmt.Sprintf("scripts: %d calls in %d tasks, %d messages one call per reply vs %d batched (%.2f×)",
		t.calls, t.tasks, t.static1, t.staticN, float64(t.static1)/float64(t.staticN))
	if batched != nil {
		return result{measured: fmt.Sprintf("%s; one call per reply: %d messages sent, end states as recorded", batched, t.oneCall),
			baseline: static, ok: "n/a"}
	}
	ratio := float64(t.oneCall) / float64(t.batched)
	return result{
		measured: fmt.Sprintf("%d messages batched vs %d one call per reply: %.2f× fewer; end states identical in %d of %d tasks",
			t.batched, t.oneCall, ratio, t.sameStates, t.tasks),
		baseline: static, ok: verdict(ratio >= 1.6 && t.sameStates == t.tasks),
	}
}

// callsPerReply is nil when the binary accepts calls-per-reply.
func (b *bench) callsPerReply() error {
	home, _ := b.project("calls-per-reply")
	if err := os.WriteFile(filepath.Join(home, "config.json"), []byte(callsPerReplyConfig), 0o600); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := b.wtagent(ctx, home, home, "config").CombinedOutput()
	if err != nil && strings.Contains(string(out), `"calls-per-reply"`) {
		return errNoCallsPerReply
	}
	if err != nil {
		return fmt.Errorf("wtagent config: %w\n%s", err, out)
	}
	return nil
}

// replayTask replays one task one call per reply and, if batched, with
// the batched script, adding to t.
func (b *bench) replayTask(task batchcorpus.Task, batched bool, t *corpusTally) error {
	turns, err := task.Turns()
	if err != nil {
		return err
	}
	one, err := task.OneCall()
	if err != nil {
		return err
	}
	t.tasks++
	t.calls += batchcorpus.Calls(turns)
	t.static1, t.staticN = t.static1+len(one), t.staticN+len(turns)
	config := ""
	if batched {
		config = oneCallConfig
	}
	msgs, state1, err := b.replayScript(task, "one-"+task.Name, one, config)
	if err != nil {
		return fmt.Errorf("one call per reply: %w", err)
	}
	want, err := os.ReadFile(task.EndStateFile())
	if err != nil {
		return err
	}
	if state1 != string(want) {
		return fmt.Errorf("one call per reply: the end state is not %s", task.EndStateFile())
	}
	t.oneCall += msgs
	if !batched {
		return nil
	}
	msgs, stateN, err := b.replayScript(task, "batched-"+task.Name, task.Batched, callsPerReplyConfig)
	if err != nil {
		return fmt.Errorf("batched: %w", err)
	}
	t.batched += msgs
	if stateN == state1 {
		t.sameStates++
	}
	return nil
}

// replayScript runs script on a fresh copy of the task's project and returns
// the messages sent and the end state.
func (b *bench) replayScript(task batchcorpus.Task, name string, script []model.ScriptLine, config string) (int, string, error) {
	home, root := b.project(name)
	if config != "" {
		if err := os.WriteFile(filepath.Join(home, "config.json"), []byte(config), 0o600); err != nil {
			return 0, "", err
		}
	}
	if err := batchcorpus.CopyTree(task.Project(), root); err != nil {
		return 0, "", err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	o, err := batchcorpus.Replay{Bin: b.bin, Home: home, Root: root, Request: task.Request, Script: script}.Run(ctx)
	if err != nil {
		return 0, "", fmt.Errorf("%w\n%s", err, o.Output)
	}
	state, err := batchcorpus.Tree(root)
	return o.Messages, state, err
}
