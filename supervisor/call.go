package supervisor

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"

	"github.com/anthdm/hollywood/actor"
)

// callKind is the hollywood kind of the one-shot reply boxes of Call.
const callKind = "supervisor-call"

// Call sends req to pid and waits for its reply of type R until ctx ends.
// It blocks: call it from outside the actor system or from a goroutine
// (Go), never from Receive; an actor sends the request itself and handles
// the typed reply as a message, matched by its Ref.
//
// The reply goes to a one-shot box (the sender of req), so a wait that ends
// early leaves nothing behind. req is best a Request (it embeds Ask, with
// a nil ReplyTo): a supervised child that fails or restarts before
// answering it answers at once; any other message is answered only by the
// actor's own reply. The error is the reply's own failure
// (ChildStartResult.Err...) when R reports one, the Err of a
// RequestFailed, an error the actor answered with, or, when ctx ends
// first, an error wrapping ErrTimeout and context.DeadlineExceeded
// (deadline) or ctx's error (cancelled).
func Call[R any](ctx context.Context, e *actor.Engine, pid *actor.PID, req any) (R, error) {
	var zero R
	if r, ok := req.(Request); ok && r.header().ReplyTo != nil {
		return zero, fmt.Errorf("%w: Call of %T with a ReplyTo (Call receives the reply itself)", ErrBadSpec, req)
	}
	box := openBox(e)
	defer box.close()
	e.SendWithSender(pid, req, box.pid)
	select {
	case v := <-box.ch:
		return decode[R](pid, req, v)
	case <-ctx.Done():
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return zero, fmt.Errorf("%w: %s did not answer %T: %w", ErrTimeout, pid.ID, req, ctx.Err())
		}
		return zero, fmt.Errorf("supervisor: call %T to %s: %w", req, pid.ID, ctx.Err())
	}
}

// decode turns the reply v into Call's result.
func decode[R any](pid *actor.PID, req, v any) (R, error) {
	var zero R
	switch r := v.(type) {
	case RequestFailed:
		return zero, r.Err
	case R:
		if f, ok := any(r).(result); ok {
			return r, f.failure()
		}
		return r, nil
	case error:
		return zero, r
	}
	return zero, fmt.Errorf("supervisor: %s answered %T with a %T, want a %T", pid.ID, req, v, zero)
}

// box is a one-shot reply address: a registered process that keeps the
// first message sent to it.
type box struct {
	engine *actor.Engine
	pid    *actor.PID
	ch     chan any
}

// openBox registers a box under a fresh PID.
func openBox(e *actor.Engine) *box {
	for {
		id := strconv.FormatUint(rand.Uint64(), 36)
		if e.Registry.GetPID(callKind, id) != nil {
			continue
		}
		b := &box{engine: e, pid: actor.NewPID(e.Address(), callKind+"/"+id), ch: make(chan any, 1)}
		e.SpawnProc(b)
		return b
	}
}

// close takes the box out of the registry; later replies become dead
// letters.
func (b *box) close() { b.engine.Registry.Remove(b.pid) }

// PID implements actor.Processer.
func (b *box) PID() *actor.PID { return b.pid }

// Send implements actor.Processer; it runs on the sender's goroutine and
// never blocks.
func (b *box) Send(_ *actor.PID, msg any, _ *actor.PID) {
	select {
	case b.ch <- msg:
	default:
	}
}

// Start implements actor.Processer.
func (b *box) Start() {}

// Invoke implements actor.Processer.
func (b *box) Invoke([]actor.Envelope) {}

// Shutdown implements actor.Processer.
func (b *box) Shutdown() {}
