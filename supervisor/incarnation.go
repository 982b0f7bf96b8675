package supervisor

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/anthdm/hollywood/actor"
)

// exitKind is how an incarnation ended, as seen from inside it.
type exitKind int

const (
	exitNone   exitKind = iota // stopped from outside
	exitNormal                 // Exit(c, nil)
	exitFailed                 // Exit(c, err)
	exitPanic                  // panic in Receive or in Go
)

// exitInfo is what an incarnation recorded about its own end.
type exitInfo struct {
	kind exitKind
	err  error
}

// reason maps a spontaneous exit onto an ExitReason and error.
func (x exitInfo) reason() (ExitReason, error) {
	switch x.kind {
	case exitNormal:
		return Normal, nil
	case exitFailed:
		return Failed, x.err
	case exitPanic:
		return Panic, x.err
	}
	return Killed, errStoppedOutside
}

var errStoppedOutside = errors.New("stopped outside its supervisor")

// intent is what the supervisor means to do with a child it stops; a
// stronger intent replaces a weaker one.
type intent int

const (
	intentNone    intent = iota // not stopped by the supervisor
	intentRestart               // stopped to be restarted (group restart)
	intentStop                  // stopped for good, kept in the list
	intentRemove                // stopped for good and removed
)

// recKey is the context key of the incarnation record.
type recKey struct{}

// incarnation is the record shared by a supervisor and one incarnation of
// one child. The supervisor creates it; the child reaches it through its
// context (Ctx, Exit, Go) and through the guard middleware.
type incarnation struct {
	// Immutable after creation.
	engine  *actor.Engine
	sup     *actor.PID // receives childGone; nil for a root
	id      string
	path    string
	pid     *actor.PID
	restart Restart
	number  int
	ctx     context.Context
	cancel  context.CancelFunc
	done    chan struct{}      // closed when the incarnation is gone
	report  func(*incarnation) // called once, when it is gone
	onEvent func(Event)        // inherited by a nested supervisor
	clock   func() time.Time   // inherited by a nested supervisor
	random  func() float64     // inherited by a nested supervisor

	// isSuper is set while the child handles Initialized, which runs on
	// the spawning supervisor's goroutine, and read only there afterwards.
	isSuper bool

	// live counts the actor plus its running Go functions; the
	// incarnation is gone when it drops to zero.
	live atomic.Int64

	// Touched only on the child's actor goroutine.
	halted  bool // failed or exiting: user code gets no more messages
	stopped bool // the final Stopped was handled

	mu     sync.Mutex
	exit   exitInfo     // first recorded end; a failure overrides Normal
	intent intent       // set by the supervisor before it stops the child
	ph     *placeholder // registered by the guard once the actor left
}

// newIncarnation makes the record for one incarnation whose context
// derives from parent.
func newIncarnation(e *actor.Engine, parent context.Context, pid *actor.PID, id, path string) *incarnation {
	ctx, cancel := context.WithCancel(parent)
	r := &incarnation{
		engine: e, id: id, path: path, pid: pid,
		cancel: cancel, done: make(chan struct{}),
	}
	r.ctx = context.WithValue(ctx, recKey{}, r)
	r.live.Store(1)
	return r
}

// opts returns the spawn options: the user's, then the supervisor's, which
// win. The guard is the outermost middleware.
func (r *incarnation) opts(kind string, user []actor.OptFunc) []actor.OptFunc {
	o := make([]actor.OptFunc, 0, len(user)+1)
	o = append(o, user...)
	return append(o, func(op *actor.Opts) {
		op.Kind = kind
		op.ID = r.id
		op.Context = r.ctx
		op.MaxRestarts = math.MaxInt32
		op.Middleware = append([]actor.MiddlewareFunc{r.guard}, op.Middleware...)
	})
}

// recOf returns the incarnation record of the actor behind c, or nil when
// the actor is not a supervised child.
func recOf(c *actor.Context) *incarnation {
	ctx := c.Context()
	if ctx == nil {
		return nil
	}
	r, _ := ctx.Value(recKey{}).(*incarnation)
	if r == nil || r.pid.ID != c.PID().ID {
		return nil // an unsupervised actor that was handed a child's context
	}
	return r
}

// record notes how the incarnation ends. The first record wins, except
// that a failure replaces a normal exit.
func (r *incarnation) record(kind exitKind, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.exit.kind == exitNone || (r.exit.kind == exitNormal && kind > exitNormal) {
		r.exit = exitInfo{kind: kind, err: err}
	}
}

// exitInfo returns what the incarnation recorded about its end so far.
func (r *incarnation) exitInfo() exitInfo {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.exit
}

// setIntent raises the supervisor's intent for the child.
func (r *incarnation) setIntent(in intent) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.intent = max(r.intent, in)
}

// takePlaceholder hands the placeholder the guard registered (if any) over
// to the supervisor and forbids registering one later.
func (r *incarnation) takePlaceholder() *placeholder {
	r.mu.Lock()
	defer r.mu.Unlock()
	ph := r.ph
	r.ph = nil
	r.intent = max(r.intent, intentStop)
	return ph
}

// wantsPlaceholderLocked reports whether the guard should keep the child's
// PID answering ErrRestarting once the actor has left the registry.
func (r *incarnation) wantsPlaceholderLocked() bool {
	if r.sup == nil {
		return false
	}
	switch r.intent {
	case intentRestart:
		return true
	case intentNone:
		return r.restart == Permanent || (r.restart == Transient && r.exit.kind != exitNormal)
	}
	return false
}

// holdPID registers the placeholder if the child is likely to be
// restarted; the supervisor takes it over (or removes it) once the
// incarnation is gone.
func (r *incarnation) holdPID() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ph == nil && r.wantsPlaceholderLocked() {
		r.ph = installPlaceholder(r.engine, r.pid, r.path)
	}
}

// actorDone is called when the actor has handled its final Stopped.
func (r *incarnation) actorDone() {
	r.cancel()
	if r.live.Add(-1) == 0 {
		r.finish()
		return
	}
	if r.sup != nil {
		r.engine.Send(r.sup, childLinger{rec: r})
	}
}

// goDone is called when a Go function has returned.
func (r *incarnation) goDone() {
	if r.live.Add(-1) == 0 {
		r.finish()
	}
}

// finish runs once, when the actor and all its Go functions are done.
func (r *incarnation) finish() {
	r.cancel()
	close(r.done)
	r.report(r)
}

// placeholder holds a restarting child's PID in the registry so that a
// Request sent to it is answered with ErrRestarting at once instead of
// timing out; other messages become dead letters as if it were absent.
type placeholder struct {
	engine *actor.Engine
	pid    *actor.PID
	err    error
}

// installPlaceholder registers a placeholder under pid unless the ID is
// taken, and returns it (nil if it was taken).
func installPlaceholder(e *actor.Engine, pid *actor.PID, path string) *placeholder {
	kind, id := splitPID(pid)
	if e.Registry.GetPID(kind, id) != nil {
		return nil
	}
	ph := &placeholder{engine: e, pid: pid, err: fmt.Errorf("%w: %s", ErrRestarting, path)}
	e.SpawnProc(ph)
	return ph
}

// remove takes the placeholder out of the registry.
func (p *placeholder) remove() { p.engine.Registry.Remove(p.pid) }

// Start implements actor.Processer.
func (p *placeholder) Start() {}

// PID implements actor.Processer.
func (p *placeholder) PID() *actor.PID { return p.pid }

// Send implements actor.Processer. It runs on the sender's goroutine.
func (p *placeholder) Send(_ *actor.PID, msg any, sender *actor.PID) {
	if req, ok := msg.(Request); ok {
		if to := replyTarget(req, sender); to != nil {
			p.engine.Send(to, req.failed(p.err))
			return
		}
	}
	p.engine.BroadcastEvent(actor.DeadLetterEvent{Target: p.pid, Message: msg, Sender: sender})
}

// Invoke implements actor.Processer.
func (p *placeholder) Invoke([]actor.Envelope) {}

// Shutdown implements actor.Processer.
func (p *placeholder) Shutdown() {}

// splitPID splits a PID ID "kind/id" at its last slash, the way
// Registry.GetPID joins them.
func splitPID(pid *actor.PID) (kind, id string) {
	i := strings.LastIndexByte(pid.ID, '/')
	if i < 0 {
		return "", pid.ID
	}
	return pid.ID[:i], pid.ID[i+1:]
}
