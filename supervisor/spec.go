package supervisor

import (
	"fmt"
	"strings"
	"time"

	"github.com/anthdm/hollywood/actor"
)

// Restart says whether a child is restarted after it exits.
type Restart int

const (
	// Permanent children are always restarted.
	Permanent Restart = iota
	// Transient children are restarted only after an abnormal exit (any
	// reason but Normal).
	Transient
	// Temporary children are never restarted, not even when a sibling
	// triggers a RestForOne or OneForAll restart.
	Temporary
)

// String returns the OTP name of the restart type.
func (r Restart) String() string {
	switch r {
	case Permanent:
		return "permanent"
	case Transient:
		return "transient"
	case Temporary:
		return "temporary"
	}
	return fmt.Sprintf("Restart(%d)", int(r))
}

// restarts reports whether a child of this type is restarted after an exit
// with the given reason.
func (r Restart) restarts(reason ExitReason) bool {
	switch r {
	case Permanent:
		return true
	case Transient:
		return reason != Normal
	}
	return false
}

// Strategy says which children are restarted when one child is.
type Strategy int

const (
	// OneForOne restarts only the child that exited.
	OneForOne Strategy = iota
	// RestForOne stops the children started after the one that exited
	// (in reverse order), then restarts it and them in start order.
	RestForOne
	// OneForAll stops all other children (in reverse order), then restarts
	// all of them in start order.
	OneForAll
)

// String returns the OTP name of the strategy.
func (s Strategy) String() string {
	switch s {
	case OneForOne:
		return "one_for_one"
	case RestForOne:
		return "rest_for_one"
	case OneForAll:
		return "one_for_all"
	}
	return fmt.Sprintf("Strategy(%d)", int(s))
}

// ExitReason says why a child incarnation ended.
type ExitReason int

const (
	// Normal: the child called Exit(c, nil).
	Normal ExitReason = iota
	// Shutdown: its supervisor stopped it and it terminated within its
	// shutdown grace.
	Shutdown
	// Panic: it panicked in Receive (lifecycle messages included) or in a
	// function run with Go.
	Panic
	// Killed: it did not terminate within its shutdown grace and its
	// context was cancelled, or it was stopped by something other than
	// itself or its supervisor (engine.Poison / engine.Stop on its PID).
	Killed
	// GaveUp: it exceeded the restart intensity of a supervisor with
	// Isolate set and will not be restarted again.
	GaveUp
	// Failed: it called Exit(c, err) with a non-nil error.
	Failed
)

// String returns the lower-case name of the reason.
func (r ExitReason) String() string {
	switch r {
	case Normal:
		return "normal"
	case Shutdown:
		return "shutdown"
	case Panic:
		return "panic"
	case Killed:
		return "killed"
	case GaveUp:
		return "gave_up"
	case Failed:
		return "failed"
	}
	return fmt.Sprintf("ExitReason(%d)", int(r))
}

// Abnormal reports whether the reason is anything but Normal or Shutdown.
func (r ExitReason) Abnormal() bool { return r != Normal && r != Shutdown }

// Backoff delays the restarts of one child. The n-th consecutive restart
// waits min(Min·2^(n-1), Max), plus a random extra of up to Jitter times
// that delay, never more than Max. The zero value restarts at once.
type Backoff struct {
	// Min is the delay before the first restart; 0 disables backoff.
	Min time.Duration
	// Max caps the delay; 0 means every restart waits Min (plus jitter).
	Max time.Duration
	// Jitter is the largest random extra as a fraction of the delay
	// (0 ≤ Jitter ≤ 1).
	Jitter float64
	// ResetAfter is how long an incarnation must run before its exit
	// counts as a first failure again; 0 means max(Min, Max).
	ResetAfter time.Duration
}

// DefaultShutdown is the shutdown grace of a child whose
// ChildSpec.Shutdown is 0.
const DefaultShutdown = 5 * time.Second

// Restart intensity used when Spec.Intensity or Spec.Period is 0.
const (
	DefaultIntensity = 3
	DefaultPeriod    = 5 * time.Second
)

// minKillWait is the least time a supervisor waits for a child to leave
// the registry after cancelling its context before it reports it stuck.
const minKillWait = time.Second

// ChildSpec describes one supervised child.
type ChildSpec struct {
	// ID names the child within its supervisor: non-empty, no "/". It is
	// stable across restarts: every incarnation has the PID
	// "<supervisor PID ID>/<ID>" and the path "<supervisor path>/<ID>".
	ID string
	// Producer makes a fresh receiver for every incarnation.
	Producer actor.Producer
	// Restart says when the child is restarted.
	Restart Restart
	// Backoff delays its restarts.
	Backoff Backoff
	// Shutdown is the grace the child gets after it is asked to stop
	// (Poison; a Stop message for a supervisor child) before its context
	// is cancelled. 0 means DefaultShutdown; negative means brutal: the
	// context is cancelled and the actor stopped at once. For a nested
	// supervisor it should cover the shutdown of its own children; when
	// it expires, the cancellation reaches every context below it.
	Shutdown time.Duration
	// Opts are extra spawn options (e.g. actor.WithInboxSize). The
	// supervisor sets the ID, kind, context, restart limit and its guard
	// middleware itself, overriding any given here.
	Opts []actor.OptFunc
}

// shutdown returns the effective shutdown grace (negative: brutal).
func (cs ChildSpec) shutdown() time.Duration {
	if cs.Shutdown == 0 {
		return DefaultShutdown
	}
	return cs.Shutdown
}

// killWait is how long the supervisor waits after cancelling the child's
// context before it reports the child stuck.
func (cs ChildSpec) killWait() time.Duration {
	return max(cs.shutdown(), minKillWait)
}

// Validate reports the first problem with the child spec, wrapped in
// ErrBadSpec.
func (cs ChildSpec) Validate() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: child %q: %s", ErrBadSpec, cs.ID, fmt.Sprintf(format, args...))
	}
	switch {
	case cs.ID == "":
		return fmt.Errorf("%w: child with an empty ID", ErrBadSpec)
	case strings.Contains(cs.ID, "/"):
		return bad("ID contains '/'")
	case cs.Producer == nil:
		return bad("nil Producer")
	case cs.Restart < Permanent || cs.Restart > Temporary:
		return bad("unknown restart type %d", int(cs.Restart))
	case cs.Backoff.Min < 0 || cs.Backoff.Max < 0 || cs.Backoff.ResetAfter < 0:
		return bad("negative backoff duration")
	case cs.Backoff.Max > 0 && cs.Backoff.Max < cs.Backoff.Min:
		return bad("backoff Max %s below Min %s", cs.Backoff.Max, cs.Backoff.Min)
	case cs.Backoff.Jitter < 0 || cs.Backoff.Jitter > 1:
		return bad("backoff Jitter %v outside [0, 1]", cs.Backoff.Jitter)
	}
	return nil
}

// Spec describes a supervisor.
type Spec struct {
	// Strategy says which children restart together.
	Strategy Strategy
	// Intensity and Period bound restarts: more than Intensity restarts
	// within Period make the supervisor stop all children in reverse order
	// and exit abnormally (reason Failed, error wrapping
	// ErrTooManyRestarts), which its own supervisor handles like any
	// child exit. 0 means DefaultIntensity / DefaultPeriod; a negative
	// Intensity allows no restart at all. Without Isolate the count is
	// over all children; with Isolate it is per child.
	Intensity int
	Period    time.Duration
	// Isolate makes an intensity breach give up only the offending child
	// (ExitReason GaveUp) instead of escalating.
	Isolate bool
	// Children start in this order and stop in reverse order.
	Children []ChildSpec
	// Notify lists actors that receive ChildStarted and ChildExited for
	// every child, besides the supervisor's parent.
	Notify []*actor.PID
	// OnEvent, if set, is called on the supervisor's goroutine for every
	// child lifecycle event. It must not block. Nested supervisors whose
	// OnEvent is nil inherit their parent's, so it may be called from
	// several goroutines and must be safe for concurrent use.
	OnEvent func(Event)

	// clock and random replace time.Now and rand.Float64 in tests.
	clock  func() time.Time
	random func() float64
}

// limits returns the effective intensity and period.
func (s Spec) limits() (int, time.Duration) {
	n, p := s.Intensity, s.Period
	if n == 0 {
		n = DefaultIntensity
	}
	if n < 0 {
		n = 0
	}
	if p == 0 {
		p = DefaultPeriod
	}
	return n, p
}

// Validate reports the first problem with the spec, wrapped in ErrBadSpec.
func (s Spec) Validate() error {
	if s.Strategy < OneForOne || s.Strategy > OneForAll {
		return fmt.Errorf("%w: unknown strategy %d", ErrBadSpec, int(s.Strategy))
	}
	if s.Period < 0 {
		return fmt.Errorf("%w: negative period %s", ErrBadSpec, s.Period)
	}
	seen := make(map[string]bool, len(s.Children))
	for _, cs := range s.Children {
		if err := cs.Validate(); err != nil {
			return err
		}
		if seen[cs.ID] {
			return fmt.Errorf("%w: %w: %q", ErrBadSpec, ErrDuplicateChild, cs.ID)
		}
		seen[cs.ID] = true
	}
	return nil
}
