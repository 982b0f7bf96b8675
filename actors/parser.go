package actors

import (
	"context"
	"errors"
	"fmt"

	"github.com/wtagent/wtagent/session/event"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/supervisor"
)

// parserActor parses one complete model reply and exits. It is a temporary
// child of the session supervisor: a crash inside the parser reaches the
// controller as a ChildExited and becomes a protocol error for the model; it
// is never restarted onto a half-handled reply.
type parserActor struct {
	cat   *protocol.Catalogue
	reply event.Reply
	to    *actor.PID
}

// parserID is the child ID of the parser for one reply.
func parserID(turn int, seq int64) string { return fmt.Sprintf("parser-%d-%d", turn, seq) }

func newParserSpec(cat *protocol.Catalogue, reply event.Reply, to *actor.PID, id string) supervisor.ChildSpec {
	return supervisor.ChildSpec{
		ID:       id,
		Restart:  supervisor.Temporary,
		Shutdown: -1,
		Producer: func() actor.Receiver { return &parserActor{cat: cat, reply: reply, to: to} },
	}
}

// parsed carries the parse result back to the actor goroutine.
type parsed struct{ msg any }

// Receive implements actor.Receiver.
func (p *parserActor) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case actor.Started:
		cat, reply := p.cat, p.reply
		supervisor.Go(c, func(context.Context) any { return parsed{msg: parseReply(cat, reply)} })
	case parsed:
		c.Send(p.to, m.msg)
		supervisor.Exit(c, nil)
	}
}

// parseReply turns a reply into a ParsedTurn or a ParseFailed.
func parseReply(cat *protocol.Catalogue, reply event.Reply) any {
	turn := reply.Binding.Turn
	t, err := protocol.Parse(reply.Text, cat)
	if err == nil || errors.Is(err, protocol.KindNoTool) {
		// done=false without a tool call is not a protocol error: the
		// controller shows the message and asks the model to go on.
		return messages.ParsedTurn{Turn: turn, Done: t.Done, Message: t.Message, Call: t.Call, Calls: t.Calls, Notes: t.Notes, Repairs: t.Repairs}
	}
	pe := protocol.AsError(err)
	if pe == nil {
		pe = &protocol.Error{Kind: protocol.KindMalformed, Msg: err.Error()}
	}
	return messages.ParseFailed{
		Turn: turn, Kind: string(pe.Kind), Err: pe.Error(), Tool: pe.Tool, Arg: pe.Arg,
		Feedback: protocol.FormatProtocolError(pe),
	}
}

// crashedParse is the ParseFailed for a parser that crashed.
func crashedParse(turn int, err error) messages.ParseFailed {
	if err == nil {
		err = errors.New("the parser stopped without an answer")
	}
	pe := &protocol.Error{Kind: protocol.KindMalformed, Msg: "the reply could not be parsed (" + err.Error() + ")",
		Fix: "Send the reply again as exactly one <agent_response> in one ```xml fence."}
	return messages.ParseFailed{Turn: turn, Kind: string(pe.Kind), Err: pe.Error(), Feedback: protocol.FormatProtocolError(pe)}
}
