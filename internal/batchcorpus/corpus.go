package batchcorpus

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/protocol"
)

// MaxCalls is the most calls a batched reply of the corpus holds.
const MaxCalls = 8

// The bounds of a task's size, in tool calls.
const (
	MinTaskCalls = 8
	MaxTaskCalls = 25
)

// The files of a task directory.
const (
	ProjectDir   = "project"
	TaskFile     = "task.txt"
	ScriptFile   = "batched.jsonl"
	EndStateName = "end-state.txt"
)

// ErrBatchRule is a batched reply that breaks the batch rule or the
// corpus's shape (a call after the change, a done reply with calls, a task
// outside MinTaskCalls..MaxTaskCalls calls).
var ErrBatchRule = errors.New("batch rule")

// Task is one recorded task of the corpus.
type Task struct {
	// Name is the task directory's name ("01-py-slugify").
	Name string
	// Dir is the task directory.
	Dir string
	// Request is the user's request (task.txt, trimmed).
	Request string
	// Batched is the batched conversation, one line per reply.
	Batched []model.ScriptLine
}

// Project is the directory of the task's starting files.
func (t Task) Project() string { return filepath.Join(t.Dir, ProjectDir) }

// EndStateFile is the path of the task's recorded end state.
func (t Task) EndStateFile() string { return filepath.Join(t.Dir, EndStateName) }

// Load reads every task directory under dir, in name order.
func Load(dir string) ([]Task, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("batchcorpus: %w", err)
	}
	var tasks []Task
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		t, err := LoadTask(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		tasks = append(tasks, t)
	}
	sort.Slice(tasks, func(i, j int) bool { return tasks[i].Name < tasks[j].Name })
	return tasks, nil
}

// LoadTask reads one task directory.
func LoadTask(dir string) (Task, error) {
	req, err := os.ReadFile(filepath.Join(dir, TaskFile))
	if err != nil {
		return Task{}, fmt.Errorf("batchcorpus: %w", err)
	}
	lines, err := model.LoadScript(filepath.Join(dir, ScriptFile))
	if err != nil {
		return Task{}, fmt.Errorf("batchcorpus: %w", err)
	}
	if fi, err := os.Stat(filepath.Join(dir, ProjectDir)); err != nil || !fi.IsDir() {
		return Task{}, fmt.Errorf("batchcorpus: %s: no %s directory", dir, ProjectDir)
	}
	return Task{Name: filepath.Base(dir), Dir: dir, Request: strings.TrimSpace(string(req)), Batched: lines}, nil
}

// Catalogue is the catalogue the batched replies are read with: the
// default tools, MaxCalls calls per reply.
func Catalogue() (*protocol.Catalogue, error) {
	return protocol.DefaultCatalogue().WithMaxCalls(MaxCalls)
}

// Turns parses every batched reply under Catalogue and checks the batch
// rule: each reply but the last has done=false and calls that PlanBatch
// runs in full (reads first, at most one change, last); the last reply is
// done=true; the task has MinTaskCalls..MaxTaskCalls calls.
func (t Task) Turns() ([]protocol.Turn, error) {
	cat, err := Catalogue()
	if err != nil {
		return nil, err
	}
	var turns []protocol.Turn
	calls := 0
	for i, l := range t.Batched {
		turn, err := protocol.Parse(l.Reply, cat)
		if err != nil {
			return nil, fmt.Errorf("%s line %d: %w", t.Name, l.Line, err)
		}
		if err := checkTurn(turn, cat, i == len(t.Batched)-1); err != nil {
			return nil, fmt.Errorf("%s line %d: %w", t.Name, l.Line, err)
		}
		calls += len(turn.Calls)
		turns = append(turns, turn)
	}
	if calls < MinTaskCalls || calls > MaxTaskCalls {
		return nil, fmt.Errorf("%s: %d calls, want %d to %d: %w", t.Name, calls, MinTaskCalls, MaxTaskCalls, ErrBatchRule)
	}
	return turns, nil
}

// checkTurn checks one parsed reply; last says whether it is the
// conversation's last.
func checkTurn(turn protocol.Turn, cat *protocol.Catalogue, last bool) error {
	switch {
	case last && !turn.Done:
		return fmt.Errorf("the last reply is not done=true: %w", ErrBatchRule)
	case !last && turn.Done:
		return fmt.Errorf("done=true before the last reply: %w", ErrBatchRule)
	case len(turn.Notes) > 0 || len(turn.Repairs) > 0:
		return fmt.Errorf("the reply needed repairs (%v %v); write it as the protocol asks: %w", turn.Notes, turn.Repairs, ErrBatchRule)
	}
	if b := protocol.PlanBatch(turn.Calls, cat); len(b.Skipped) > 0 {
		return fmt.Errorf("call %d would be skipped: %s: %w", b.Skipped[0].Index+1, b.Skipped[0].Reason, ErrBatchRule)
	}
	return nil
}
