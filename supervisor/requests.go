package supervisor

import (
	"errors"
	"fmt"

	"github.com/anthdm/hollywood/actor"
)

// onStartChild adds and starts a dynamic child.
func (s *supervisor) onStartChild(c *actor.Context, m StartChild) {
	reply := func(v any) {
		if c.Sender() != nil {
			c.Respond(v)
		}
	}
	if s.closing {
		reply(fmt.Errorf("%s: %w", s.path, ErrShuttingDown))
		return
	}
	if err := m.Spec.Validate(); err != nil {
		reply(err)
		return
	}
	if _, dup := s.byID[m.Spec.ID]; dup {
		reply(fmt.Errorf("%w: %s", ErrDuplicateChild, s.childPath(m.Spec.ID)))
		return
	}
	ch := s.add(m.Spec, false)
	switch err := s.spawn(ch); {
	case errors.Is(err, errIDHeld):
		s.remove(ch)
		reply(fmt.Errorf("%w: %w", ErrDuplicateChild, err))
	case err != nil:
		reply(err)
	default:
		reply(ch.pid)
	}
}

// onStopChild stops and removes a child; the reply is sent when it is
// gone.
func (s *supervisor) onStopChild(c *actor.Context, m StopChild) {
	sender := c.Sender()
	reply := func(v any) {
		if sender != nil {
			s.engine.Send(sender, v)
		}
	}
	ch := s.byID[m.ID]
	switch {
	case ch == nil:
		reply(fmt.Errorf("%w: %s", ErrNoChild, s.childPath(m.ID)))
	case ch.rec == nil:
		reason := ch.lastReason
		s.setState(ch, StateStopped)
		s.remove(ch)
		s.emitChild(EventRemoved, ch, nil)
		reply(reason)
	case ch.stuck:
		// It cannot be stopped any further; remove it once it leaves.
		if ch.stop == nil {
			ch.stop = &stopState{forced: true}
		}
		ch.stop.intent = intentRemove
		ch.rec.setIntent(intentRemove)
		reply(ch.lastErr)
	default:
		s.stopChild(ch, intentRemove, func(o outcome) {
			if o.stuck {
				reply(o.err)
				return
			}
			reply(o.reason)
		})
	}
}
