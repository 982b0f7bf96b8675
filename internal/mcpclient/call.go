package mcpclient

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// goneGrace is how long a failed call waits to learn whether the server
// went away (its exit seen, its stderr read).
const goneGrace = 2 * stopGrace

// Call calls the server's tool with args, within the server's timeout. A
// tool's own failure is a result with IsError set, not an error. The
// errors: ErrServerGone (the server exited or closed the connection; it
// says how and quotes its last stderr line), ErrClosed, ErrTimeout, ctx's
// own error when ctx ended, and ErrCall for the rest (the server refused
// the call).
func (c *Conn) Call(ctx context.Context, tool string, args map[string]any) (*mcp.CallToolResult, error) {
	full := ToolName(c.name, tool)
	if err := c.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", full, err)
	}
	cctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	res, err := c.cs.CallTool(cctx, &mcp.CallToolParams{Name: tool, Arguments: args})
	switch {
	case err == nil:
		return res, nil
	case ctx.Err() != nil:
		return nil, fmt.Errorf("%s: %w", full, context.Cause(ctx))
	case cctx.Err() != nil:
		return nil, fmt.Errorf("%w: %s: no answer in %s", ErrTimeout, full, c.timeout)
	}
	if gone := c.gone(err); gone != nil {
		return nil, fmt.Errorf("%s: %w", full, gone)
	}
	return nil, fmt.Errorf("%w: %s: %w", ErrCall, full, err)
}

// gone returns why the connection ended when a call's error came from its
// end rather than from the server's answer (waiting a moment for the end
// to be seen), or nil.
func (c *Conn) gone(err error) error {
	var wire *jsonrpc.Error
	if errors.As(err, &wire) {
		return nil
	}
	t := time.NewTimer(goneGrace)
	defer t.Stop()
	select {
	case <-c.done:
		return c.err
	case <-t.C:
		return nil
	}
}
