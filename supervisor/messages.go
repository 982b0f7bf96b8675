package supervisor

import (
	"time"

	"github.com/anthdm/hollywood/actor"
)

// StartChild asks a supervisor to add and start a child. The reply is a
// ChildStartResult with the request's Ref: the child's PID, or an Err
// wrapping ErrDuplicateChild, ErrShuttingDown, ErrBadSpec, or
// ErrChildFailed when the child failed in its Initialized or Started
// handler (it then follows its restart policy).
type StartChild struct {
	Ask
	Spec ChildSpec
}

// ChildStartResult is the reply to StartChild.
type ChildStartResult struct {
	Ref Ref
	ID  string
	// PID is the child's stable PID; nil when Err is set.
	PID *actor.PID
	Err error
}

// StopChild asks a supervisor to stop a child and remove it. The reply is
// a ChildStopResult with the request's Ref: the ExitReason of its last
// incarnation (Shutdown, or Killed if it had to be forced), or an Err
// wrapping ErrNoChild, or ErrStuck when it did not leave the registry
// after its context was cancelled (it is removed once it does).
type StopChild struct {
	Ask
	ID string
}

// ChildStopResult is the reply to StopChild.
type ChildStopResult struct {
	Ref Ref
	ID  string
	// Reason is how the child's last incarnation ended; meaningful only
	// when Err is nil.
	Reason ExitReason
	Err    error
}

// WhichChildren asks a supervisor for its children; the reply is a
// ChildrenResult with the request's Ref.
type WhichChildren struct{ Ask }

// ChildrenResult is the reply to WhichChildren.
type ChildrenResult struct {
	Ref Ref
	// Children are in start order.
	Children []ChildInfo
	Err      error
}

// Stop asks a supervisor to stop its children in reverse start order and
// then exit. When it has a reply target (ReplyTo or a sender) the reply is
// a StopResult once every child stopped, its Err naming those that were
// stuck. (It is the message form of Root.Shutdown; a supervisor also
// receives it, without a reply target, from its parent.)
type Stop struct{ Ask }

// StopResult is the reply to Stop.
type StopResult struct {
	Ref Ref
	Err error
}

// Watch asks a supervisor to send ChildStarted and ChildExited to the
// watcher too (ReplyTo, or the sender), as to Spec.Notify, from now on;
// the reply, to the watcher, is a WatchResult.
// A worker that manages a sibling supervisor's children (StartChild,
// StopChild) sends it when it starts: its PID is stable across restarts,
// and asking again is harmless.
type Watch struct{ Ask }

// WatchResult is the reply to Watch.
type WatchResult struct {
	Ref Ref
	Err error
}

// The replies a supervisor's requests get when it fails or restarts
// before answering them.
func (m StartChild) failed(err error) any {
	return ChildStartResult{Ref: m.Ref, ID: m.Spec.ID, Err: err}
}
func (m StopChild) failed(err error) any     { return ChildStopResult{Ref: m.Ref, ID: m.ID, Err: err} }
func (m WhichChildren) failed(err error) any { return ChildrenResult{Ref: m.Ref, Err: err} }
func (m Stop) failed(err error) any          { return StopResult{Ref: m.Ref, Err: err} }
func (m Watch) failed(err error) any         { return WatchResult{Ref: m.Ref, Err: err} }

func (r ChildStartResult) failure() error { return r.Err }
func (r ChildStopResult) failure() error  { return r.Err }
func (r ChildrenResult) failure() error   { return r.Err }
func (r StopResult) failure() error       { return r.Err }
func (r WatchResult) failure() error      { return r.Err }

// ChildStarted is sent to the supervisor's parent, to Spec.Notify and to
// watchers each time a child incarnation starts.
type ChildStarted struct {
	Sup         *actor.PID
	ID          string
	PID         *actor.PID
	Incarnation int
}

// ChildExited is sent to the supervisor's parent, to Spec.Notify and to
// watchers each time a child incarnation has exited and left the
// registry.
type ChildExited struct {
	Sup         *actor.PID
	ID          string
	Incarnation int
	Reason      ExitReason
	// Err is the failure (a *PanicError, the error given to Exit, the
	// intensity breach for GaveUp...); nil for a clean exit.
	Err error
	// Restarts is how many times the child had been restarted.
	Restarts int
	// WillRestart says whether the supervisor will start it again.
	WillRestart bool
}

// Child states (ChildInfo.State).
const (
	StateRunning    = "running"
	StateStopping   = "stopping"
	StateRestarting = "restarting"
	StateStopped    = "stopped"
	StateFailed     = "failed"
)

// ChildInfo describes one child.
type ChildInfo struct {
	ID string
	// Path is its place in the tree ("root/session/browser").
	Path string
	// PID is stable across restarts.
	PID     *actor.PID
	Restart Restart
	// State is one of the State* constants.
	State       string
	Incarnation int
	Restarts    int
	LastErr     string
	// Since is when the child entered State.
	Since time.Time
}

// Event kinds reported to Spec.OnEvent.
const (
	// EventStarted: a new incarnation started.
	EventStarted = "started"
	// EventStopping: the supervisor asked the child to stop.
	EventStopping = "stopping"
	// EventExited: an incarnation exited and left the registry; see
	// Event.Reason and Child.State (restarting, stopped or failed).
	EventExited = "exited"
	// EventRestarting: a restart is scheduled after Event.Delay.
	EventRestarting = "restarting"
	// EventStuck: the child did not leave the registry after its context
	// was cancelled (or its ID is still held by an earlier incarnation);
	// it is not respawned until it does.
	EventStuck = "stuck"
	// EventRemoved: a child that was not running was removed (StopChild).
	EventRemoved = "removed"
	// EventEscalating: the restart intensity was exceeded; the supervisor
	// stops all children and exits with Event.Err.
	EventEscalating = "escalating"
)

// Event is one child lifecycle event.
type Event struct {
	Kind  string
	Child ChildInfo
	// Err is the error behind the event (exit error, intensity breach...).
	Err error
	At  time.Time
	// Reason is set for EventExited.
	Reason ExitReason
	// Delay is set for EventRestarting.
	Delay time.Duration
}

// Gone reports whether the event means the child left the tree for good
// (until its supervisor itself is restarted).
func (e Event) Gone() bool {
	switch e.Kind {
	case EventRemoved:
		return true
	case EventExited:
		return e.Child.State == StateStopped || e.Child.State == StateFailed
	}
	return false
}
