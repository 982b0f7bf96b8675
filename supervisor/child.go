package supervisor

import (
	"context"

	"github.com/anthdm/hollywood/actor"
)

// Ctx returns the child's per-incarnation context. It is cancelled when the
// incarnation has stopped (after its Stopped handler returned), when its
// shutdown grace expires (forced termination), and when any supervisor
// above it is force-terminated. Blocking work and owned processes must be
// bound to it. For an actor that is not supervised it returns the actor's
// own context.
func Ctx(c *actor.Context) context.Context {
	if ctx := c.Context(); ctx != nil {
		return ctx
	}
	return context.Background()
}

// Exit ends the child's current incarnation once the message being handled
// returns; messages queued after it are not delivered (Requests among them
// are answered with an error). A nil err is a Normal exit, so a transient
// child is not restarted; a non-nil err is an abnormal exit with reason
// Failed and that error. Call it only from the actor's goroutine. For an
// actor that is not supervised it poisons the actor.
func Exit(c *actor.Context, err error) {
	if r := recOf(c); r != nil {
		r.exitSelf(c, err)
		return
	}
	c.Engine().Poison(c.PID())
}

// Go runs f on a new goroutine with Ctx(c), so that blocking work stays off
// the actor goroutine. f's return value, unless nil, is sent to the actor
// as a message of its own type (there is no wrapper; return a typed struct
// the actor's Receive switch handles). If f panics, a supervised child
// fails with reason Panic and a *PanicError; an unsupervised actor
// receives the *PanicError as a message.
//
// An incarnation is not over, and its ID is not reused, until every f it
// started has returned: f must honour ctx. Call Go only from the actor's
// goroutine.
func Go(c *actor.Context, f func(ctx context.Context) any) {
	e, self, ctx := c.Engine(), c.PID(), Ctx(c)
	r := recOf(c)
	if r != nil {
		r.live.Add(1)
	}
	go func() {
		v, perr := call(ctx, f)
		switch {
		case perr != nil && r != nil:
			r.record(exitPanic, perr)
			e.Send(self, goFailed{rec: r, err: perr})
		case perr != nil:
			e.Send(self, perr)
		case v != nil:
			e.Send(self, v)
		}
		if r != nil {
			r.goDone()
		}
	}()
}

// call runs f, turning a panic into a *PanicError.
func call(ctx context.Context, f func(context.Context) any) (v any, perr *PanicError) {
	defer func() {
		if p := recover(); p != nil {
			perr = newPanicError(p)
		}
	}()
	return f(ctx), nil
}

// Parent returns the PID of the supervisor of a supervised child, or
// c.Parent() otherwise. (Supervised children are spawned without
// hollywood's parent link, so c.Parent() is nil for them; see the package
// documentation.)
func Parent(c *actor.Context) *actor.PID {
	if r := recOf(c); r != nil && r.sup != nil {
		return r.sup
	}
	return c.Parent()
}

// Path returns the child's path in the supervision tree
// ("root/session/browser"), or its PID ID if it is not supervised.
func Path(c *actor.Context) string {
	if r := recOf(c); r != nil {
		return r.path
	}
	return c.PID().ID
}
