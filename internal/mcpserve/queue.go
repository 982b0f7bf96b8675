package mcpserve

import (
	"errors"
	"fmt"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/supervisor"
)

// maxAttempts is how many transports may crash under one call before it
// fails.
const maxAttempts = 3

// ErrCrashed is wrapped by the error of a call whose transports kept
// crashing.
var ErrCrashed = errors.New("the browser kept crashing")

// queueActor holds the calls and hands them to the chatgpt actor one at a
// time, in order, while that actor runs. It never blocks and owns nothing
// that can crash, so the queue survives the chatgpt actor's restarts.
type queueActor struct {
	chatgpt *actor.PID
	waiting []*call
	current *call // handed to chatgpt, not yet served
	ready   bool  // chatgpt's incarnation is running
}

func newQueueActor(chatgpt *actor.PID) actor.Producer {
	return func() actor.Receiver { return &queueActor{chatgpt: chatgpt} }
}

// Receive implements actor.Receiver.
func (q *queueActor) Receive(c *actor.Context) {
	switch msg := c.Message().(type) {
	case enqueue:
		q.waiting = append(q.waiting, msg.c)
		if q.current != nil || !q.ready {
			msg.c.progress.status("queued: %d call(s) ahead", len(q.waiting)-1+q.busy())
		}
	case served:
		if msg.c != q.current {
			return
		}
		q.current = nil
		if msg.exiting { // wait for the next incarnation
			q.ready = false
		}
		if msg.retry {
			q.waiting = append([]*call{msg.c}, q.waiting...)
		}
	case supervisor.ChildStarted:
		if msg.ID == idChatGPT {
			q.ready = true
		}
	case supervisor.ChildExited:
		if msg.ID == idChatGPT {
			q.exited(msg)
		}
	case actor.Stopped:
		q.failAll(fmt.Errorf("%w: the server is shutting down", ErrUnavailable))
		return
	}
	q.next(c)
}

// busy is 1 while a call is being served.
func (q *queueActor) busy() int {
	if q.current != nil {
		return 1
	}
	return 0
}

// exited handles the end of a chatgpt incarnation: a call it was serving
// and did not hand back (a panic) is served again by the next one; when
// there is no next one, every call fails.
func (q *queueActor) exited(msg supervisor.ChildExited) {
	q.ready = false
	if c := q.current; c != nil {
		q.current = nil
		c.attempts++
		q.waiting = append([]*call{c}, q.waiting...)
	}
	if !msg.WillRestart {
		q.failAll(fmt.Errorf("%w: %v", ErrUnavailable, msg.Err))
	}
}

// next hands the first live call to chatgpt when it is free.
func (q *queueActor) next(c *actor.Context) {
	for q.ready && q.current == nil && len(q.waiting) > 0 {
		k := q.waiting[0]
		q.waiting = q.waiting[1:]
		switch {
		case k.ctx.Err() != nil:
			k.finish(outcome{err: k.ctx.Err()})
			continue
		case k.attempts >= maxAttempts:
			k.finish(outcome{err: fmt.Errorf("%w: %d attempts", ErrCrashed, k.attempts)})
			continue
		}
		q.current = k
		c.Send(q.chatgpt, serve{c: k})
	}
}

// failAll ends every waiting call with err.
func (q *queueActor) failAll(err error) {
	for _, k := range q.waiting {
		k.finish(outcome{err: err})
	}
	q.waiting = nil
}
