package subagent

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/supervisor"
)

// treeShutdown is the grace a sub-agent's tree gets to stop.
const treeShutdown = 30 * time.Second

// Trees starts the sub-agents' actor trees under one supervisor (the main
// session's agents supervisor) and follows them through its events.
// Each tree is a temporary child: never restarted as a whole (its own
// supervisors restart its actors), so a tree that gives up ends its
// sub-agent, and the agents supervisor, which isolates its children,
// never escalates. It is safe for concurrent use.
type Trees struct {
	e   *actor.Engine
	sup *actor.PID
	mu  sync.Mutex
	run map[string]*Tree
}

// NewTrees follows the children of the supervisor sup; its Observe must
// be that supervisor's Spec.OnEvent (or be called from it).
func NewTrees(e *actor.Engine, sup *actor.PID) *Trees {
	return &Trees{e: e, sup: sup, run: map[string]*Tree{}}
}

// Start starts spec as the child id of the supervisor and returns its
// handle once it has started.
func (ts *Trees) Start(ctx context.Context, id string, spec supervisor.Spec) (*Tree, error) {
	t := &Tree{ts: ts, id: id, done: make(chan struct{})}
	ts.mu.Lock()
	if ts.run[id] != nil {
		ts.mu.Unlock()
		return nil, fmt.Errorf("%w: sub-agent tree %s", supervisor.ErrDuplicateChild, id)
	}
	ts.run[id] = t
	ts.mu.Unlock()
	cs := supervisor.ChildSpec{ID: id, Producer: supervisor.New(spec), Restart: supervisor.Temporary, Shutdown: treeShutdown}
	if _, err := supervisor.Call[supervisor.ChildStartResult](ctx, ts.e, ts.sup, supervisor.StartChild{Spec: cs}); err != nil {
		ts.forget(id)
		return nil, err
	}
	return t, nil
}

// Observe is the supervisor's event hook: a tree that left the
// supervisor ends its handle with the reason it gave (nil for a stop).
// It never blocks.
func (ts *Trees) Observe(ev supervisor.Event) {
	if !ev.Gone() {
		return
	}
	if t := ts.forget(ev.Child.ID); t != nil {
		t.end(ev.Err)
	}
}

func (ts *Trees) forget(id string) *Tree {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	t := ts.run[id]
	delete(ts.run, id)
	return t
}

// Tree is one running sub-agent tree.
type Tree struct {
	ts   *Trees
	id   string
	once sync.Once
	done chan struct{}
	err  error
}

func (t *Tree) end(err error) {
	t.once.Do(func() {
		t.err = err
		close(t.done)
	})
}

// Done is closed when the tree has left its supervisor.
func (t *Tree) Done() <-chan struct{} { return t.done }

// Err is why the tree ended: nil after a stop, else its failure (the
// restart intensity its supervisors exceeded). Only after Done.
func (t *Tree) Err() error {
	select {
	case <-t.done:
		return t.err
	default:
		return nil
	}
}

// Shutdown stops the tree and waits until it has left, or until ctx ends.
func (t *Tree) Shutdown(ctx context.Context) error {
	select {
	case <-t.done:
		return t.err
	default:
	}
	_, err := supervisor.Call[supervisor.ChildStopResult](ctx, t.ts.e, t.ts.sup, supervisor.StopChild{ID: t.id})
	if errors.Is(err, supervisor.ErrNoChild) {
		t.end(nil)
	} else if err != nil {
		return fmt.Errorf("sub-agent tree %s: %w", t.id, err)
	}
	select {
	case <-t.done:
		return t.err
	case <-ctx.Done():
		return fmt.Errorf("sub-agent tree %s: %w", t.id, ctx.Err())
	}
}
