package supervisor

import (
	"github.com/anthdm/hollywood/actor"
)

// Ref correlates a request with its reply: every reply a supervisor sends
// echoes the Ref of the request it answers, so a caller with several
// requests in flight matches each reply to its request whatever the order.
type Ref uint64

// Refs allocates an actor's correlation refs (1, 2, 3...). The zero value
// is ready; it belongs to one actor's state and is not safe for concurrent
// use.
type Refs struct{ last Ref }

// Next returns a ref not returned before.
func (r *Refs) Next() Ref {
	r.last++
	return r.last
}

// Ask is the header of a request: the message type embeds it. Ref is the
// caller's correlation id, echoed in the reply; ReplyTo is where the reply
// goes (the sender when nil; no reply when both are nil). A message that
// embeds Ask is a Request: when the supervised child handling it, or
// holding it in its mailbox, fails or is restarting, the request is
// answered at once with the failure (see Request).
type Ask struct {
	Ref     Ref
	ReplyTo *actor.PID
}

func (a Ask) header() Ask { return a }

// failed is the reply of a request whose type the supervisor does not
// know: a RequestFailed.
func (a Ask) failed(err error) any { return RequestFailed{Ref: a.Ref, Err: err} }

// Request is a message that expects exactly one reply: a type that embeds
// Ask. The supervisor's own requests (StartChild, StopChild, WhichChildren,
// Watch, Stop) answer with their typed results; any other request sent to
// a supervised child that fails before answering it, or that is waiting
// to be restarted, gets a RequestFailed with its Ref.
type Request interface {
	header() Ask
	failed(err error) any
}

// RequestFailed is the reply to a request that the supervised child could
// not answer: Err wraps ErrChildFailed (it failed while the request was
// running or queued), ErrRestarting or ErrNoChild.
type RequestFailed struct {
	Ref Ref
	Err error
}

func (f RequestFailed) failure() error { return f.Err }

// result is a typed reply that may report a failure.
type result interface{ failure() error }

// Reply sends a request's reply: to its ReplyTo, or else to the sender of
// the message being handled. An actor answering a Request uses it instead
// of c.Respond so that a ReplyTo is honoured.
func Reply(c *actor.Context, req Request, v any) {
	if to := replyTarget(req, c.Sender()); to != nil {
		c.Engine().Send(to, v)
	}
}

// replyTarget is where the reply to req goes when sender sent it; nil
// when nobody waits for one.
func replyTarget(req Request, sender *actor.PID) *actor.PID {
	if to := req.header().ReplyTo; to != nil {
		return to
	}
	return sender
}
