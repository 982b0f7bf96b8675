package mcpserve

import (
	"context"
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// call is one tools/call of chatgpt on its way through the actors. The
// queue and the chatgpt actor own it in turn; the handler only reads done.
type call struct {
	// ctx is the request's context: the client's cancellation ends it.
	ctx  context.Context
	req  request
	wait time.Duration // longest wait for the reply
	// n numbers the calls of this server (the outbound's turn).
	n        int
	progress *progress
	// sent, once the message is in the conversation, lets a restarted
	// transport await its reply instead of sending it again.
	sent *event.Binding
	// attempts counts the transports that failed this call with a crash.
	attempts int
	// done receives the outcome once (buffered).
	done chan outcome
}

// outcome is how a call ended.
type outcome struct {
	reply event.Reply
	err   error
}

// finish delivers the outcome; the handler may have gone (cancelled).
func (c *call) finish(o outcome) {
	select {
	case c.done <- o:
	default:
	}
}

// The actors' messages.
type (
	// enqueue hands a call to the queue.
	enqueue struct{ c *call }
	// serve hands a call to the chatgpt actor.
	serve struct{ c *call }
	// served tells the queue that the chatgpt actor is done with a call:
	// finished (its outcome delivered), or to be served again by the next
	// incarnation (retry: the transport crashed under it). exiting says
	// that the chatgpt incarnation ends: the next call waits for the next.
	served struct {
		c              *call
		retry, exiting bool
	}
	// ran is the chatgpt actor's worker's result; launched says that the
	// transport started (a browser whose absence later means it died).
	ran struct {
		c        *call
		reply    event.Reply
		err      error
		launched bool
	}
	// browserNote is a note of the transport about a slow step.
	browserNote struct{ text string }
)
