package toolactors

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/internal/mcpclient"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/session/event"
	"github.com/wtagent/wtagent/toolactors/tools"
)

// MCPTool returns the tool function of the tool named tool of the named
// server: it sends the call's arguments to the front of the MCP subtree
// (MCPFront of the subtree NewMCPSupervisor made),
// waits for the result (or the call's deadline) and renders it within
// limit bytes. A result the tool flags as an error has status error.
func MCPTool(e *actor.Engine, front *actor.PID, server, tool string, limit int) tools.Func {
	return func(ctx context.Context, _ tools.Deps, inv messages.InvokeTool) event.ToolResult {
		args, err := callArgs(inv.Call.CanonicalArgs)
		if err != nil {
			return tools.ErrorResult(err, nil)
		}
		reply := make(chan mcpReply, 1)
		e.Send(front, mcpCall{ctx: ctx, server: server, tool: tool, args: args, reply: reply})
		var r mcpReply
		select {
		case r = <-reply:
		case <-ctx.Done():
			return tools.ErrorResult(tools.ContextError(ctx), nil)
		}
		if r.err != nil {
			if cerr := tools.ContextError(ctx); cerr != nil {
				return tools.ErrorResult(cerr, nil)
			}
			return tools.ErrorResult(r.err, nil)
		}
		text, isErr := mcpclient.ResultText(r.result, limit)
		res := event.ToolResult{Status: event.ToolOK, Stdout: text, Message: fmt.Sprintf("%s returned %d bytes", inv.Call.Name, len(text))}
		if isErr {
			res.Status, res.Message = event.ToolError, inv.Call.Name+" reported an error"
		}
		return res
	}
}

// callArgs decodes a call's canonical arguments into the object the tool
// receives, numbers kept exactly as written.
func callArgs(raw json.RawMessage) (map[string]any, error) {
	args := map[string]any{}
	if len(raw) == 0 {
		return args, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&args); err != nil {
		return nil, fmt.Errorf("the call's arguments are not a JSON object: %w", err)
	}
	return args, nil
}
