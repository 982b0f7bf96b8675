package supervisor

import (
	"slices"
	"time"

	"github.com/anthdm/hollywood/actor"
)

// child is the supervisor's record of one child across incarnations.
type child struct {
	spec   ChildSpec
	static bool // from Spec.Children (kept in the list after a final exit)
	path   string
	pid    *actor.PID

	rec        *incarnation // live incarnation, until childGone
	state      string
	inc        int
	restarts   int
	lastErr    error
	lastReason ExitReason
	since      time.Time
	startedAt  time.Time

	failures   int           // consecutive failures, for backoff
	window     window        // restart times of this child (Isolate)
	groupDelay time.Duration // backoff before a group restart it triggers

	stop         *stopState      // supervisor-initiated stop in progress
	stuck        bool            // did not leave after its context was cancelled
	waiters      []func(outcome) // called when the stop ends
	pendingStart bool            // start as soon as the old incarnation leaves

	timer *time.Timer
	token uint64
	kind  timerKind

	ph      *placeholder // holds the PID while restarting
	removed bool
}

// stopState is a stop in progress.
type stopState struct {
	intent intent
	forced bool // the grace expired and the context was cancelled
}

// outcome is how a supervisor-initiated stop ended.
type outcome struct {
	reason ExitReason
	err    error
	stuck  bool
}

// info describes the child.
func (ch *child) info() ChildInfo {
	ci := ChildInfo{
		ID: ch.spec.ID, Path: ch.path, PID: ch.pid, Restart: ch.spec.Restart,
		State: ch.state, Incarnation: ch.inc, Restarts: ch.restarts, Since: ch.since,
	}
	if ch.lastErr != nil {
		ci.LastErr = ch.lastErr.Error()
	}
	return ci
}

// setState changes the child's state.
func (s *supervisor) setState(ch *child, state string) {
	if ch.state != state {
		ch.state, ch.since = state, s.clock()
	}
}

// add appends a child in state restarting (not yet started).
func (s *supervisor) add(cs ChildSpec, static bool) *child {
	ch := &child{
		spec: cs, static: static, path: s.childPath(cs.ID),
		pid:   ChildPID(s.self, cs.ID),
		state: StateRestarting, since: s.clock(),
	}
	s.children = append(s.children, ch)
	s.byID[cs.ID] = ch
	return ch
}

// remove takes a child that has no live incarnation out of the list.
func (s *supervisor) remove(ch *child) {
	s.cancelTimer(ch)
	s.dropPlaceholder(ch)
	ch.removed = true
	delete(s.byID, ch.spec.ID)
	s.children = slices.DeleteFunc(s.children, func(x *child) bool { return x == ch })
	s.pending = slices.DeleteFunc(s.pending, func(x *child) bool { return x == ch })
}

// index returns the position of ch in the start order.
func (s *supervisor) index(ch *child) int {
	return slices.Index(s.children, ch)
}

// ensurePlaceholder makes Requests to a restarting child fail fast.
func (s *supervisor) ensurePlaceholder(ch *child) {
	if ch.ph == nil {
		ch.ph = installPlaceholder(s.engine, ch.pid, ch.path)
	}
}

// dropPlaceholder frees the child's PID in the registry.
func (s *supervisor) dropPlaceholder(ch *child) {
	if ch.ph != nil {
		ch.ph.remove()
		ch.ph = nil
	}
}
