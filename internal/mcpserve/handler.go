package mcpserve

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/anthdm/hollywood/actor"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ErrUnavailable is wrapped by the error of a call the actors can no
// longer serve (they gave up, or the server is stopping).
var ErrUnavailable = errors.New("ChatGPT is unavailable")

// handler is the chatgpt tool's handler: it checks the arguments, hands
// the call to the queue and waits for its outcome.
type handler struct {
	o     Options
	e     *actor.Engine
	queue *actor.PID
	done  <-chan struct{} // the actor tree has stopped
	calls atomic.Int64
}

// call implements the tool. Every failure is a tool error (IsError), not
// a protocol error; a cancelled call returns the context's error.
func (h *handler) call(ctx context.Context, req *mcp.CallToolRequest, a Args) (*mcp.CallToolResult, Output, error) {
	if a.Mode == "" && a.Effort == "" {
		a.Mode, a.Effort = h.o.Mode, h.o.Effort
	}
	r, err := resolveArgs(a, h.o.Dir, h.o.BaseURL, h.o.CheckMode)
	if err != nil {
		return nil, Output{}, err
	}
	k := &call{ctx: ctx, req: r, wait: h.o.TurnWait(r.mode, r.effort), n: int(h.calls.Add(1)),
		progress: newProgress(ctx, req), done: make(chan outcome, 1)}
	h.e.Send(h.queue, enqueue{c: k})
	var o outcome
	select {
	case o = <-k.done:
	case <-ctx.Done():
		return nil, Output{}, ctx.Err()
	case <-h.done:
		return nil, Output{}, ErrUnavailable
	}
	if o.err != nil {
		return nil, Output{}, fmt.Errorf("chatgpt: %w", o.err)
	}
	url := o.reply.Cursor
	if url == "" {
		url = o.reply.Binding.Cursor
	}
	res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: o.reply.Text}}}
	return res, Output{Reply: o.reply.Text, ConversationURL: url}, nil
}
