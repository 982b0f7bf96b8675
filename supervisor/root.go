package supervisor

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/anthdm/hollywood/actor"
)

// rootKind is the hollywood kind of root supervisors: a root named "root"
// has the PID ID "supervisor/root".
const rootKind = "supervisor"

// Root is a running supervision tree started by Start.
type Root struct {
	engine  *actor.Engine
	name    string
	pid     *actor.PID
	cancel  context.CancelFunc
	done    chan struct{}
	onEvent func(Event)
	clock   func() time.Time

	mu  sync.Mutex
	err error
}

// PIDOf returns the PID of the supervised actor at path (the root's name,
// then child IDs: "root/session/browser"). It is stable across restarts,
// so actors can address each other by path without passing PIDs around.
func PIDOf(e *actor.Engine, path string) *actor.PID {
	return actor.NewPID(e.Address(), rootKind+"/"+path)
}

// ChildPID returns the stable PID of the child id of the supervisor at
// sup (a worker finds a sibling with ChildPID(Parent(c), id)).
func ChildPID(sup *actor.PID, id string) *actor.PID {
	return actor.NewPID(sup.Address, sup.ID+"/"+id)
}

// Start spawns a root supervisor named name (its path; its PID ID is
// "supervisor/<name>") and starts its children in order before it returns.
// When the root gives up (restart intensity exceeded, invalid spec, a
// failure of the supervisor itself) its children are stopped, Done is
// closed and Err says why; the process keeps running. Spec.OnEvent also
// receives a "started" and a final "exited" event for the root itself.
func Start(e *actor.Engine, name string, spec Spec) *Root {
	ctx, cancel := context.WithCancel(context.Background())
	r := &Root{
		engine: e, name: name, cancel: cancel, done: make(chan struct{}),
		onEvent: spec.OnEvent, clock: spec.clock,
		pid: PIDOf(e, name),
	}
	if r.clock == nil {
		r.clock = time.Now
	}
	switch {
	case name == "" || strings.Contains(name, "/"):
		r.end(fmt.Errorf("%w: root name %q (non-empty, no '/')", ErrBadSpec, name))
		return r
	case e.Registry.GetPID(rootKind, name) != nil:
		r.end(fmt.Errorf("%w: root %q is already running", ErrDuplicateChild, name))
		return r
	}
	rec := newIncarnation(e, ctx, r.pid, name, name)
	rec.restart, rec.number, rec.report = Temporary, 1, r.finish
	r.emit(EventStarted, StateRunning, Normal, nil)
	e.Spawn(safeProducer(New(spec)), rootKind, rec.opts(rootKind, nil)...)
	return r
}

// PID returns the root supervisor's PID (send it StartChild, StopChild,
// WhichChildren, Stop).
func (r *Root) PID() *actor.PID { return r.pid }

// Done is closed when the root supervisor has exited.
func (r *Root) Done() <-chan struct{} { return r.done }

// Err returns why the root exited: nil while it runs and after a clean
// Shutdown; otherwise an error wrapping ErrTooManyRestarts (with the chain
// of causes down to the failing child), ErrStuck, ErrBadSpec or a
// *PanicError.
func (r *Root) Err() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.err
}

// Shutdown stops the tree: children in reverse order, each within its
// shutdown grace. If ctx ends first, every context in the tree is
// cancelled (forced termination) and ctx's error is returned; Done closes
// once the stuck parts are gone. Otherwise it returns Err.
func (r *Root) Shutdown(ctx context.Context) error {
	select {
	case <-r.done:
		return r.Err()
	default:
	}
	r.engine.Send(r.pid, Stop{})
	select {
	case <-r.done:
		return r.Err()
	case <-ctx.Done():
		r.cancel()
		return fmt.Errorf("supervisor %s: shutdown: %w", r.name, ctx.Err())
	}
}

// finish is the root incarnation's report: the supervisor actor is gone.
func (r *Root) finish(rec *incarnation) {
	var err error
	if x := rec.exitInfo(); x.kind > exitNormal {
		err = x.err
	}
	r.end(err)
}

// end records the result and closes Done.
func (r *Root) end(err error) {
	r.mu.Lock()
	r.err = err
	r.mu.Unlock()
	r.cancel()
	state, reason := StateStopped, Shutdown
	if err != nil {
		state, reason = StateFailed, Failed
	}
	r.emit(EventExited, state, reason, err)
	close(r.done)
}

// emit reports an event about the root itself.
func (r *Root) emit(kind, state string, reason ExitReason, err error) {
	if r.onEvent == nil {
		return
	}
	now := r.clock()
	info := ChildInfo{
		ID: r.name, Path: r.name, PID: r.pid, Restart: Temporary,
		State: state, Incarnation: 1, Since: now,
	}
	if err != nil {
		info.LastErr = err.Error()
	}
	defer func() { _ = recover() }()
	r.onEvent(Event{Kind: kind, Child: info, Err: err, At: now, Reason: reason})
}
