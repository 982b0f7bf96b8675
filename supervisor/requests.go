package supervisor

import (
	"errors"
	"fmt"

	"github.com/anthdm/hollywood/actor"
)

// onStartChild adds and starts a dynamic child.
func (s *supervisor) onStartChild(c *actor.Context, m StartChild) {
	reply := func(pid *actor.PID, err error) {
		Reply(c, m, ChildStartResult{Ref: m.Ref, ID: m.Spec.ID, PID: pid, Err: err})
	}
	if s.closing {
		reply(nil, fmt.Errorf("%s: %w", s.path, ErrShuttingDown))
		return
	}
	if err := m.Spec.Validate(); err != nil {
		reply(nil, err)
		return
	}
	if _, dup := s.byID[m.Spec.ID]; dup {
		reply(nil, fmt.Errorf("%w: %s", ErrDuplicateChild, s.childPath(m.Spec.ID)))
		return
	}
	ch := s.add(m.Spec, false)
	switch err := s.spawn(ch); {
	case errors.Is(err, errIDHeld):
		s.remove(ch)
		reply(nil, fmt.Errorf("%w: %w", ErrDuplicateChild, err))
	case err != nil:
		reply(nil, err)
	default:
		reply(ch.pid, nil)
	}
}

// onStopChild stops and removes a child; the reply is sent when it is
// gone.
func (s *supervisor) onStopChild(c *actor.Context, m StopChild) {
	to := replyTarget(m, c.Sender())
	reply := func(reason ExitReason, err error) {
		if to != nil {
			s.engine.Send(to, ChildStopResult{Ref: m.Ref, ID: m.ID, Reason: reason, Err: err})
		}
	}
	ch := s.byID[m.ID]
	switch {
	case ch == nil:
		reply(0, fmt.Errorf("%w: %s", ErrNoChild, s.childPath(m.ID)))
	case ch.rec == nil:
		reason := ch.lastReason
		s.setState(ch, StateStopped)
		s.remove(ch)
		s.emitChild(EventRemoved, ch, nil)
		reply(reason, nil)
	case ch.stuck:
		// It cannot be stopped any further; remove it once it leaves.
		if ch.stop == nil {
			ch.stop = &stopState{forced: true}
		}
		ch.stop.intent = intentRemove
		ch.rec.setIntent(intentRemove)
		reply(0, ch.lastErr)
	default:
		s.stopChild(ch, intentRemove, func(o outcome) {
			if o.stuck {
				reply(0, o.err)
				return
			}
			reply(o.reason, nil)
		})
	}
}
