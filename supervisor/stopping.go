package supervisor

import (
	"errors"
	"fmt"
	"time"

	"github.com/anthdm/hollywood/actor"
)

// stopChild asks ch's live incarnation to stop; cb, if not nil, runs when
// it has left (or was found stuck). A stop already in progress keeps going
// with the stronger intent.
//
// A worker is poisoned (in-band: it handles what is queued first); a
// supervisor child is sent Stop so that it stops its own children in
// order. When the grace expires the incarnation's context is cancelled
// (forced termination); when it then does not leave within killWait, it is
// reported stuck and its ID stays reserved.
func (s *supervisor) stopChild(ch *child, in intent, cb func(outcome)) {
	if cb != nil {
		ch.waiters = append(ch.waiters, cb)
	}
	if ch.stop != nil {
		if in > ch.stop.intent {
			ch.stop.intent = in
			ch.rec.setIntent(in)
		}
		return
	}
	r := ch.rec
	ch.stop = &stopState{intent: in}
	r.setIntent(in)
	s.setState(ch, StateStopping)
	s.emitChild(EventStopping, ch, nil)
	grace := ch.spec.shutdown()
	if grace < 0 {
		ch.stop.forced = true
		r.cancel()
		s.engine.Stop(ch.pid)
		s.arm(ch, timerKill, ch.spec.killWait())
		return
	}
	if r.isSuper {
		s.engine.Send(ch.pid, Stop{})
	} else {
		s.engine.Poison(ch.pid)
	}
	s.arm(ch, timerGrace, grace)
}

// finishStop handles the end of an incarnation the supervisor stopped.
func (s *supervisor) finishStop(c *actor.Context, ch *child, inc int, x exitInfo) {
	st := ch.stop
	ch.stop, ch.stuck = nil, false
	reason, err := Shutdown, x.err
	if st.forced {
		reason = Killed
		if err == nil {
			err = killedErr(ch)
		}
	}
	ch.lastReason = reason
	if err != nil {
		ch.lastErr = err
	}
	waiters := ch.waiters
	ch.waiters = nil
	if st.intent == intentRestart && !s.closing {
		s.setState(ch, StateRestarting)
		s.ensurePlaceholder(ch)
		s.exited(ch, inc, reason, err, true)
		if ch.pendingStart {
			s.restartNow(ch)
		}
	} else {
		s.dropPlaceholder(ch)
		s.setState(ch, StateStopped)
		s.exited(ch, inc, reason, err, false)
		if st.intent == intentRemove || !ch.static {
			s.remove(ch)
		}
	}
	for _, w := range waiters {
		w(outcome{reason: reason, err: err})
	}
}

// killedErr describes a forced termination.
func killedErr(ch *child) error {
	if g := ch.spec.shutdown(); g > 0 {
		return fmt.Errorf("%s: killed: did not stop within its %s shutdown grace", ch.path, g)
	}
	return fmt.Errorf("%s: killed: brutal shutdown", ch.path)
}

// sequence stops children one after the other, in list order.
type sequence struct {
	list      []*child
	next      int
	intent    func(*child) intent
	done      func()
	cancelled bool
}

// advance stops the next child of the sequence that is still running, or
// calls done when none is left.
func (s *supervisor) advance(q *sequence) {
	if s.dead {
		return
	}
	for !q.cancelled && q.next < len(q.list) {
		ch := q.list[q.next]
		q.next++
		if ch.rec == nil || ch.stuck || ch.removed {
			continue
		}
		s.stopChild(ch, q.intent(ch), func(outcome) { s.advance(q) })
		return
	}
	if !q.cancelled {
		q.cancelled = true
		q.done()
	}
}

// reversed returns the children with a live incarnation, last started
// first.
func reversed(list []*child) []*child {
	var out []*child
	for i := len(list) - 1; i >= 0; i-- {
		if list[i].rec != nil {
			out = append(out, list[i])
		}
	}
	return out
}

// close stops all children in reverse start order, then exits: with cause
// (an intensity breach) or, for a requested Stop, with an error naming the
// stuck children (nil if none).
func (s *supervisor) close(c *actor.Context, cause error) {
	if s.closing {
		return
	}
	s.closing, s.closeErr = true, cause
	if s.job != nil {
		s.job.cancel()
		s.job = nil
	}
	s.cancelJobTimer()
	s.pending = nil
	for _, ch := range s.children {
		if ch.rec == nil && ch.state == StateRestarting {
			s.cancelTimer(ch)
			s.dropPlaceholder(ch)
			s.setState(ch, StateStopped)
			s.emit(Event{Kind: EventExited, Child: ch.info(), Err: cause, Reason: Shutdown})
		}
	}
	stopForGood := func(*child) intent { return intentStop }
	s.advance(&sequence{list: reversed(s.children), intent: stopForGood, done: func() { s.terminate(c) }})
}

// terminate ends the supervisor once its children are gone.
func (s *supervisor) terminate(c *actor.Context) {
	err := s.closeErr
	if err == nil {
		var stuck []error
		for _, ch := range s.children {
			if ch.rec != nil {
				stuck = append(stuck, ch.lastErr)
			}
		}
		if len(stuck) > 0 {
			err = fmt.Errorf("%s: %w", s.path, errors.Join(stuck...))
		}
	}
	s.terminated = true
	for _, r := range s.replies {
		s.engine.Send(r.to, StopResult{Ref: r.ref, Err: err})
	}
	s.replies = nil
	Exit(c, err)
}

// stopReply is where a Stop's reply goes once the children are gone.
type stopReply struct {
	to  *actor.PID
	ref Ref
}

// onStop handles a Stop message.
func (s *supervisor) onStop(c *actor.Context, m Stop) {
	if to := replyTarget(m, c.Sender()); to != nil {
		if s.terminated {
			s.engine.Send(to, StopResult{Ref: m.Ref})
			return
		}
		s.replies = append(s.replies, stopReply{to: to, ref: m.Ref})
	}
	s.close(c, nil)
}

// onStopped runs when the supervisor actor itself has stopped. After a
// normal Stop or escalation its children are already gone; if it was
// stopped from outside (engine.Poison on its PID) or failed, it stops the
// remaining children here, synchronously, in reverse order and with their
// timeouts, since it can no longer receive messages.
func (s *supervisor) onStopped() {
	s.stopTimers()
	s.closing, s.dead = true, true
	for i := len(s.children) - 1; i >= 0; i-- {
		if ch := s.children[i]; ch.rec != nil && !ch.stuck {
			s.stopNow(ch)
		}
	}
	for _, ch := range s.children {
		if ch.rec != nil {
			if ph := ch.rec.takePlaceholder(); ph != nil {
				ph.remove()
			}
		}
		s.dropPlaceholder(ch)
	}
	for _, r := range s.replies {
		s.engine.Send(r.to, StopResult{Ref: r.ref, Err: fmt.Errorf("%s: %w: stopped from outside", s.path, ErrShuttingDown)})
	}
	s.replies = nil
}

// stopNow stops ch and waits for it, bounded by its grace and killWait.
func (s *supervisor) stopNow(ch *child) {
	r := ch.rec
	r.setIntent(intentStop)
	grace := ch.spec.shutdown()
	forced := grace < 0
	if forced {
		r.cancel()
		s.engine.Stop(ch.pid)
	} else {
		s.engine.Poison(ch.pid)
	}
	if !forced && !waitDone(r.done, grace) {
		forced = true
		r.cancel()
	}
	if !waitDone(r.done, ch.spec.killWait()) {
		s.markStuck(ch)
		return
	}
	ch.rec = nil
	x := r.exitInfo()
	reason, err := Shutdown, x.err
	switch {
	case ch.stop == nil && x.kind != exitNone:
		reason, err = x.reason() // it had exited by itself
	case forced:
		reason = Killed
		if err == nil {
			err = killedErr(ch)
		}
	}
	ch.stop = nil
	if ph := r.takePlaceholder(); ph != nil {
		ph.remove()
	}
	s.setState(ch, StateStopped)
	s.exited(ch, r.number, reason, err, false)
	waiters := ch.waiters
	ch.waiters = nil
	for _, w := range waiters {
		w(outcome{reason: reason, err: err})
	}
}

// waitDone waits up to d for done to close.
func waitDone(done <-chan struct{}, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-done:
		return true
	case <-t.C:
		return false
	}
}
