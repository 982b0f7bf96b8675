//go:build linux

package main

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/wtagent/wtagent/internal/batchcorpus"
	"github.com/wtagent/wtagent/session/event"
)

// updateCorpus rewrites each corpus task's end-state.txt from its run.
var updateCorpus = flag.Bool("update-corpus", false, "rewrite testdata/batchcorpus/*/end-state.txt")

// TestBatchCorpusOneCall replays every task of the "messages per task"
// corpus one call per reply (the script derived from batched.jsonl)
// through the wtagent binary on a copy of its project: the run completes,
// sends one message per call plus the task, every call succeeds (a test
// run may exit non-zero: the corpus sees failures and fixes them), and the
// project ends in the task's recorded end state.
func TestBatchCorpusOneCall(t *testing.T) {
	skipShort(t)
	tasks, err := batchcorpus.Load(filepath.Join("..", "..", "testdata", "batchcorpus"))
	if err != nil {
		t.Fatal(err)
	}
	if len(tasks) < 10 {
		t.Fatalf("%d tasks, want at least 10", len(tasks))
	}
	for _, task := range tasks {
		t.Run(task.Name, func(t *testing.T) { replayOneCall(t, task) })
	}
}

func replayOneCall(t *testing.T, task batchcorpus.Task) {
	turns, err := task.Turns()
	if err != nil {
		t.Fatal(err)
	}
	script, err := task.OneCall()
	if err != nil {
		t.Fatal(err)
	}
	home, root := t.TempDir(), t.TempDir()
	if err := batchcorpus.CopyTree(task.Project(), root); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	o, err := batchcorpus.Replay{Bin: binary, Home: home, Root: root, Request: task.Request, Script: script}.Run(ctx)
	if err != nil {
		t.Fatalf("%v\n%s", err, o.Output)
	}
	calls := batchcorpus.Calls(turns)
	if o.Messages != calls+1 || len(o.Results) != calls {
		t.Errorf("%d messages and %d results, want %d and %d", o.Messages, len(o.Results), calls+1, calls)
	}
	for i, r := range o.Results {
		failedRun := r.Tool == "terminal.exec" && r.ExitCode != nil && *r.ExitCode != 0
		if r.Status != event.ToolOK && !failedRun {
			t.Errorf("call %d (%s): %s: %s", i+1, r.Tool, r.Status, r.Message)
		}
	}
	checkEndState(t, task, root)
}

// checkEndState compares the project's tree with the task's recorded end
// state (or records it under -update-corpus).
func checkEndState(t *testing.T, task batchcorpus.Task, root string) {
	t.Helper()
	got, err := batchcorpus.Tree(root)
	if err != nil {
		t.Fatal(err)
	}
	if *updateCorpus {
		if err := os.WriteFile(task.EndStateFile(), []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(task.EndStateFile())
	if err != nil {
		t.Fatalf("%v (record it with -update-corpus)", err)
	}
	if got != string(want) {
		t.Errorf("end state differs from %s:\ngot:\n%s\nwant:\n%s", task.EndStateFile(), got, want)
	}
}

// TestBatchCorpusChained replays every task's conversation under the
// default config (8 calls per reply, chains of changes): the chained
// script (chained.jsonl, or derived from batched.jsonl) completes with one
// message per reply and the project ends in the same recorded end state
// as one call per reply.
func TestBatchCorpusChained(t *testing.T) {
	skipShort(t)
	tasks, err := batchcorpus.Load(filepath.Join("..", "..", "testdata", "batchcorpus"))
	if err != nil {
		t.Fatal(err)
	}
	for _, task := range tasks {
		t.Run(task.Name, func(t *testing.T) {
			script, err := task.Chained()
			if err != nil {
				t.Fatal(err)
			}
			home, root := t.TempDir(), t.TempDir()
			if err := batchcorpus.CopyTree(task.Project(), root); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			o, err := batchcorpus.Replay{Bin: binary, Home: home, Root: root, Request: task.Request, Script: script}.Run(ctx)
			if err != nil {
				t.Fatalf("%v\n%s", err, o.Output)
			}
			if o.Messages != len(script) {
				t.Errorf("%d messages, want one per reply (%d)", o.Messages, len(script))
			}
			checkEndState(t, task, root)
		})
	}
}

// TestBrowserScenarioChained replays the seed's acceptance scenario
// (empty directory → website → build → dev server → an error → fix →
// rebuild), chained, through the binary and headless Chromium on the mock
// page, as the wtbench row does: one message per reply and the recorded
// end state.
func TestBrowserScenarioChained(t *testing.T) {
	needChromium(t)
	task, err := batchcorpus.LoadTask(filepath.Join("..", "..", "testdata", "batchcorpus", "11-py-website-scenario"))
	if err != nil {
		t.Fatal(err)
	}
	script, err := task.Chained()
	if err != nil {
		t.Fatal(err)
	}
	_, url := mockPage(t, script, 0)
	home, root := t.TempDir(), t.TempDir()
	if err := batchcorpus.CopyTree(task.Project(), root); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	o, err := batchcorpus.Replay{Bin: binary, Home: home, Root: root, Request: task.Request, ChatGPTURL: url}.Run(ctx)
	if err != nil {
		t.Fatalf("%v\n%s", err, o.Output)
	}
	if o.Messages != len(script) {
		t.Errorf("%d messages, want one per reply (%d)", o.Messages, len(script))
	}
	checkEndState(t, task, root)
}
