package supervisor

import (
	"errors"
	"fmt"
	"time"

	"github.com/anthdm/hollywood/actor"
)

// errIDHeld: the child's PID is still registered, by an earlier
// incarnation that never left; spawning now would alias it.
var errIDHeld = errors.New("its ID is still held by an earlier incarnation")

// spawn starts a new incarnation of ch. It returns an error wrapping
// errIDHeld if the ID is taken (nothing is spawned), or ErrChildFailed if
// the child failed in Initialized or Started (its exit follows).
func (s *supervisor) spawn(ch *child) error {
	s.dropPlaceholder(ch)
	kind, id := s.self.ID, ch.spec.ID
	if s.engine.Registry.GetPID(kind, id) != nil {
		return fmt.Errorf("%w: %s: %w", ErrStuck, ch.path, errIDHeld)
	}
	ch.inc++
	if ch.inc > 1 {
		ch.restarts++
	}
	r := newIncarnation(s.engine, s.ctx, ch.pid, id, ch.path)
	r.sup, r.restart, r.number = s.self, ch.spec.Restart, ch.inc
	r.onEvent, r.clock, r.random = s.onEvent, s.clock, s.random
	e, self := s.engine, s.self
	r.report = func(r *incarnation) { e.Send(self, childGone{rec: r}) }
	ch.rec, ch.stuck, ch.pendingStart = r, false, false
	ch.startedAt = s.clock()
	ch.state, ch.since = StateRunning, ch.startedAt
	// Initialized and Started run right here, on this goroutine.
	s.engine.Spawn(safeProducer(ch.spec.Producer), kind, r.opts(kind, ch.spec.Opts)...)
	s.emitChild(EventStarted, ch, nil)
	s.notify(ChildStarted{Sup: s.self, ID: id, PID: ch.pid, Incarnation: ch.inc})
	if x := r.exitInfo(); x.kind > exitNormal {
		return fmt.Errorf("%w: %s: %w", ErrChildFailed, ch.path, x.err)
	}
	return nil
}

// restartNow starts ch, or defers the start until its old incarnation has
// left, or retries later if its ID is held by an incarnation that never
// left.
func (s *supervisor) restartNow(ch *child) {
	if ch.rec != nil {
		ch.pendingStart = true
		return
	}
	if err := s.spawn(ch); errors.Is(err, errIDHeld) {
		ch.lastErr = err
		s.emitChild(EventStuck, ch, err)
		s.arm(ch, timerRestart, ch.spec.killWait())
	}
}

// onGone handles the end of an incarnation.
func (s *supervisor) onGone(c *actor.Context, r *incarnation) {
	ch := s.byID[r.id]
	if ch == nil || ch.rec != r {
		return // an incarnation of an earlier supervisor incarnation
	}
	ch.rec = nil
	s.cancelTimer(ch)
	if ph := r.takePlaceholder(); ph != nil {
		ch.ph = ph
	}
	x := r.exitInfo()
	if ch.stop != nil {
		s.finishStop(c, ch, r.number, x)
		return
	}
	s.onExit(c, ch, r.number, x)
}

// onLinger arms the stuck timer for a child whose actor stopped by itself
// while its Go functions still run (its context is already cancelled).
func (s *supervisor) onLinger(r *incarnation) {
	if ch := s.byID[r.id]; ch != nil && ch.rec == r && ch.stop == nil {
		s.arm(ch, timerKill, ch.spec.killWait())
	}
}

// onTimer handles a child timer or the group-restart timer.
func (s *supervisor) onTimer(c *actor.Context, m timerFired) {
	if m.id == "" {
		s.onJobTimer(c, m.token)
		return
	}
	ch := s.byID[m.id]
	if ch == nil || ch.token == 0 || ch.token != m.token {
		return // cancelled or re-armed
	}
	ch.timer, ch.token = nil, 0
	switch m.kind {
	case timerGrace:
		if ch.rec != nil && ch.stop != nil {
			ch.stop.forced = true
			ch.rec.cancel()
			s.arm(ch, timerKill, ch.spec.killWait())
		}
	case timerKill:
		if ch.rec != nil {
			s.markStuck(ch)
		}
	case timerRestart:
		if ch.rec == nil && ch.state == StateRestarting && !s.closing {
			s.restartNow(ch)
		}
	}
}

// markStuck reports a child that did not leave the registry after its
// context was cancelled. Its ID stays reserved until it does.
func (s *supervisor) markStuck(ch *child) {
	ch.stuck = true
	err := fmt.Errorf("%w: %s is still running %s after its context was cancelled",
		ErrStuck, ch.path, ch.spec.killWait())
	ch.lastErr = err
	s.emitChild(EventStuck, ch, err)
	waiters := ch.waiters
	ch.waiters = nil
	for _, w := range waiters {
		w(outcome{reason: Killed, err: err, stuck: true})
	}
}

// onExit decides what follows an exit the supervisor did not ask for.
func (s *supervisor) onExit(c *actor.Context, ch *child, inc int, x exitInfo) {
	reason, err := x.reason()
	ch.lastReason, ch.stuck = reason, false
	if err != nil {
		ch.lastErr = err
	}
	if s.closing || !ch.spec.Restart.restarts(reason) {
		s.dropPlaceholder(ch)
		s.setState(ch, StateStopped)
		s.exited(ch, inc, reason, err, false)
		if !ch.static {
			s.remove(ch)
		}
		return
	}
	if breach := s.countRestart(ch, err); breach != nil {
		s.dropPlaceholder(ch)
		s.setState(ch, StateFailed)
		if s.spec.Isolate {
			ch.lastErr, ch.lastReason = breach, GaveUp
			s.exited(ch, inc, GaveUp, breach, false)
			if !ch.static {
				s.remove(ch)
			}
			return
		}
		s.exited(ch, inc, reason, err, false)
		s.emitChild(EventEscalating, ch, breach)
		s.close(c, breach)
		return
	}
	delay := s.backoff(ch)
	s.setState(ch, StateRestarting)
	s.ensurePlaceholder(ch)
	s.exited(ch, inc, reason, err, true)
	s.emit(Event{Kind: EventRestarting, Child: ch.info(), Err: err, Delay: delay})
	switch {
	case s.spec.Strategy == OneForOne:
		if delay > 0 {
			s.arm(ch, timerRestart, delay)
		} else {
			s.restartNow(ch)
		}
	case s.job != nil && s.job.has(ch):
		// The running group restart starts it again.
	default:
		ch.groupDelay = delay
		s.pending = append(s.pending, ch)
		s.runJobs(c)
	}
}

// countRestart records a restart and returns the intensity breach, if any.
func (s *supervisor) countRestart(ch *child, cause error) error {
	limit, period := s.spec.limits()
	w := &s.window
	if s.spec.Isolate {
		w = &ch.window
	}
	n := w.add(s.clock(), period)
	if n <= limit {
		return nil
	}
	if cause == nil {
		cause = errors.New("exited normally")
	}
	return fmt.Errorf("%s: %w: %d restarts within %s (intensity %d), the last of %q: %w",
		s.path, ErrTooManyRestarts, n, period, limit, ch.spec.ID, cause)
}

// backoff returns the delay before ch's next restart.
func (s *supervisor) backoff(ch *child) time.Duration {
	b := ch.spec.Backoff
	if s.clock().Sub(ch.startedAt) >= b.resetAfter() {
		ch.failures = 0
	}
	ch.failures++
	return b.delay(ch.failures, s.random())
}
