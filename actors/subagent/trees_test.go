package subagent

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/supervisor"
)

// crasher panics each time it starts.
type crasher struct{}

func (crasher) Receive(c *actor.Context) {
	if _, ok := c.Message().(actor.Started); ok {
		panic("crash at start")
	}
}

// idle does nothing.
type idle struct{}

func (idle) Receive(*actor.Context) {}

// treeSpec is a sub-agent-like tree: one worker under a supervisor
// allowing two restarts.
func treeSpec(p actor.Producer) supervisor.Spec {
	return supervisor.Spec{Strategy: supervisor.OneForOne, Intensity: 2, Period: time.Minute,
		Children: []supervisor.ChildSpec{{ID: "worker", Producer: p, Restart: supervisor.Permanent}}}
}

// startAgents starts a main tree whose agents supervisor isolates its
// children and reports to Trees, as the runtime's does.
func startAgents(t *testing.T) (*supervisor.Root, *Trees) {
	t.Helper()
	e, err := actor.NewEngine(actor.NewEngineConfig())
	if err != nil {
		t.Fatal(err)
	}
	ts := NewTrees(e, supervisor.PIDOf(e, "main/agents"))
	root := supervisor.Start(e, "main", supervisor.Spec{Strategy: supervisor.OneForOne, Intensity: 1, Period: time.Minute,
		Children: []supervisor.ChildSpec{{ID: "agents", Restart: supervisor.Permanent,
			Producer: supervisor.New(supervisor.Spec{Strategy: supervisor.OneForOne, Isolate: true, OnEvent: ts.Observe})}}})
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		root.Shutdown(ctx)
	})
	return root, ts
}

// TestTreeGivingUpEndsOnlyItself: a tree whose worker crashes at every
// start gives up; its handle ends with the intensity breach, and the main
// tree keeps running (a second tree starts under the same supervisor).
func TestTreeGivingUpEndsOnlyItself(t *testing.T) {
	root, ts := startAgents(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	tr, err := ts.Start(ctx, "agent-1", treeSpec(func() actor.Receiver { return crasher{} }))
	if err == nil { // it gave up after it started (else while it started)
		select {
		case <-tr.Done():
		case <-ctx.Done():
			t.Fatal("the crashing tree never ended")
		}
		err = tr.Err()
	}
	if !errors.Is(err, supervisor.ErrTooManyRestarts) {
		t.Fatalf("the tree ended with %v, want the restart intensity breach", err)
	}
	select {
	case <-root.Done():
		t.Fatalf("the main tree stopped: %v", root.Err())
	default:
	}
	ok, err := ts.Start(ctx, "agent-2", treeSpec(func() actor.Receiver { return idle{} }))
	if err != nil {
		t.Fatalf("a second tree after the first gave up: %v", err)
	}
	if err := ok.Shutdown(ctx); err != nil {
		t.Fatalf("Shutdown: %v", err)
	}
	if _, err := ts.Start(ctx, "agent-2", treeSpec(func() actor.Receiver { return idle{} })); err != nil {
		t.Fatalf("the id of a stopped tree is not free again: %v", err)
	}
}
