package supervisor

import (
	"fmt"

	"github.com/anthdm/hollywood/actor"
)

// goFailed tells a child that one of its Go functions panicked.
type goFailed struct {
	rec *incarnation
	err error
}

// guard is the outermost middleware of every supervised child. It recovers
// every panic, so hollywood's own restart path (whose exhaustion crashes
// the process in v1.0.5) never runs; it turns a failure into a self-stop,
// answers the Requests the failed child can no longer serve, and reports
// the end of the incarnation to the supervisor once the actor has left the
// registry.
func (r *incarnation) guard(next actor.ReceiveFunc) actor.ReceiveFunc {
	return func(c *actor.Context) {
		switch m := c.Message().(type) {
		case actor.Stopped:
			r.onStopped(c, next)
		case goFailed:
			if m.rec == r {
				r.fail(c, m.err)
			}
		case actor.Initialized, actor.Started:
			if !r.halted {
				r.invoke(c, next)
			}
		default:
			if r.halted {
				r.refuse(c)
				return
			}
			r.invoke(c, next)
		}
	}
}

// invoke runs the user's receiver, turning a panic into a failure.
func (r *incarnation) invoke(c *actor.Context, next actor.ReceiveFunc) {
	defer func() {
		if v := recover(); v != nil {
			r.fail(c, asPanicError(v))
		}
	}()
	next(c)
}

// asPanicError wraps a recovered value, keeping a *PanicError as it is.
func asPanicError(v any) *PanicError {
	if pe, ok := v.(*PanicError); ok {
		return pe
	}
	return newPanicError(v)
}

// safeProducer keeps a panicking Producer from escaping into hollywood's
// spawn (which calls it outside any recover and would leave the ID
// registered with no receiver): the incarnation fails in Initialized
// instead.
func safeProducer(p actor.Producer) actor.Producer {
	return func() (recv actor.Receiver) {
		defer func() {
			if v := recover(); v != nil {
				recv = failedReceiver{err: newPanicError(v)}
			}
		}()
		if recv = p(); recv == nil {
			recv = failedReceiver{err: newPanicError("Producer returned a nil Receiver")}
		}
		return recv
	}
}

// failedReceiver fails as soon as it is initialised.
type failedReceiver struct{ err *PanicError }

func (f failedReceiver) Receive(c *actor.Context) {
	if _, ok := c.Message().(actor.Initialized); ok {
		panic(f.err)
	}
}

// fail records a failure, answers the Request being handled, and stops
// the actor. Messages already queued are refused by the guard.
func (r *incarnation) fail(c *actor.Context, err error) {
	r.record(exitPanic, err)
	if r.halted {
		return
	}
	r.halted = true
	if req, ok := c.Message().(Request); ok {
		// The child may already have answered this request before it
		// panicked, and a second reply to a hollywood Response blocks
		// until the first is read, so answer from a goroutine.
		if to := replyTarget(req, c.Sender()); to != nil {
			e, reply := c.Engine(), req.failed(fmt.Errorf("%w: %s: %w", ErrChildFailed, r.path, err))
			go e.Send(to, reply)
		}
	}
	c.Engine().Poison(c.PID())
}

// exitSelf implements Exit for a supervised child.
func (r *incarnation) exitSelf(c *actor.Context, err error) {
	if r.halted {
		return
	}
	r.halted = true
	if err == nil {
		r.record(exitNormal, nil)
	} else {
		r.record(exitFailed, err)
	}
	c.Engine().Poison(c.PID())
}

// refuse answers a Request that reached a failed or exiting child; any
// other message becomes a dead letter.
func (r *incarnation) refuse(c *actor.Context) {
	req, ok := c.Message().(Request)
	var to *actor.PID
	if ok {
		to = replyTarget(req, c.Sender())
	}
	if to == nil {
		c.Engine().BroadcastEvent(actor.DeadLetterEvent{Target: c.PID(), Message: c.Message(), Sender: c.Sender()})
		return
	}
	var err error
	switch x := r.exitInfo(); {
	case x.kind == exitNormal && r.restart == Permanent:
		err = fmt.Errorf("%w: %s", ErrRestarting, r.path)
	case x.kind == exitNormal:
		err = fmt.Errorf("%w: %s has exited", ErrNoChild, r.path)
	default:
		err = fmt.Errorf("%w: %s: %w", ErrChildFailed, r.path, x.err)
	}
	c.Engine().Send(to, req.failed(err))
}

// onStopped handles the final Stopped (hollywood delivers it through the
// middleware only once the actor has left the registry): the user's
// cleanup runs, even after a failure, then the incarnation is released.
// hollywood has already removed the actor from the registry, so a
// restartable child's PID is taken over by a placeholder first.
func (r *incarnation) onStopped(c *actor.Context, next actor.ReceiveFunc) {
	if r.stopped {
		return
	}
	r.stopped = true
	r.holdPID() // before the user's cleanup, which may take a while
	func() {
		defer func() {
			if v := recover(); v != nil {
				r.record(exitPanic, asPanicError(v))
			}
		}()
		next(c)
	}()
	r.actorDone()
}
