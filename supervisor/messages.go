package supervisor

import (
	"time"

	"github.com/anthdm/hollywood/actor"
)

// StartChild asks a supervisor to add and start a child. The reply is the
// child's *actor.PID, or an error: ErrDuplicateChild, ErrShuttingDown,
// ErrBadSpec, or ErrChildFailed when the child failed in its Initialized or
// Started handler (it then follows its restart policy).
type StartChild struct{ Spec ChildSpec }

// StopChild asks a supervisor to stop a child and remove it. The reply is
// the ExitReason of its last incarnation (Shutdown, or Killed if it had to
// be forced), or an error: ErrNoChild, or ErrStuck when it did not leave
// the registry after its context was cancelled (it is removed once it
// does).
type StopChild struct{ ID string }

// WhichChildren asks a supervisor for its children; the reply is a
// []ChildInfo in start order.
type WhichChildren struct{}

// Stop asks a supervisor to stop its children in reverse start order and
// then exit. A Request gets a nil reply when every child stopped, or an
// error naming those that were stuck. (It is the message form of
// Root.Shutdown; a supervisor also receives it from its parent.)
type Stop struct{}

// Watch asks a supervisor to send ChildStarted and ChildExited to the
// sender too, as to Spec.Notify, from now on; the reply is Watching. A
// worker that manages a sibling supervisor's children (StartChild,
// StopChild) sends it when it starts: its PID is stable across restarts,
// and asking again is harmless.
type Watch struct{}

// Watching is the reply to Watch.
type Watching struct{}

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
