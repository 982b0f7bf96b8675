package subagent

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/session"
	"github.com/wtagent/wtagent/session/event"
)

// ErrUnfinished is the error of an agent.run whose sub-agent did not
// finish its task.
var ErrUnfinished = errors.New("the sub-agent did not finish")

// Result is the data of an agent.run result: the sub-agent's final
// message and what it read, changed and verified (from its ledger).
type Result struct {
	Agent   string        `json:"agent"`
	Outcome event.Outcome `json:"outcome"`
	Reason  string        `json:"reason,omitempty"`
	Summary string        `json:"summary,omitempty"`
	Read    []string      `json:"read,omitempty"`
	Changed []string      `json:"changed,omitempty"`
	// Verified are the commands that verified its work.
	Verified []string `json:"verified,omitempty"`
	Turns    int      `json:"turns"`
	// Conversation is its conversation's URL (a script's cursor).
	Conversation string `json:"conversation,omitempty"`
	// Session is its session directory (its event log and ledger).
	Session string `json:"session"`
}

// ToolResult is the agent.run call's result: ok with the sub-agent's final
// message when it completed its task, else an error naming it, its
// outcome and why; the data is the whole Result either way.
func (r Result) ToolResult() event.ToolResult {
	data, _ := json.Marshal(r)
	out := event.ToolResult{Status: event.ToolOK, Message: r.Summary, Data: data, Changed: r.Changed}
	if r.Outcome != event.OutcomeCompleted {
		out.Status = event.ToolError
		out.Message = fmt.Sprintf("%s: %v (%s): %s", r.Agent, ErrUnfinished, r.Outcome, r.Reason)
	}
	return out
}

// Reads are the paths a sub-agent's file reads named, in order.
func Reads(l *session.Ledger) []string {
	var out []string
	seen := map[string]bool{}
	for _, op := range l.Ops() {
		switch op.Tool {
		case protocol.ToolFSRead, protocol.ToolFSList, protocol.ToolFSSearch:
		default:
			continue
		}
		var a struct {
			Path string `json:"path"`
		}
		if json.Unmarshal(op.Call.CanonicalArgs, &a) != nil || a.Path == "" || seen[a.Path] {
			continue
		}
		seen[a.Path] = true
		out = append(out, a.Path)
	}
	return out
}

// Paused reports whether res is the result of an agent.run whose
// sub-agent was paused (Ctrl+C) before it finished: a resume continues
// that sub-agent instead of sending the model this result.
func Paused(res *event.ToolResult) bool {
	var r Result
	return res != nil && json.Unmarshal(res.Data, &r) == nil && r.Outcome == event.OutcomeInterrupted
}

// Catalogue is a sub-agent's catalogue: the main one less agent.run (no
// nesting) and the MCP tools (their servers belong to the main tree).
func Catalogue(main *protocol.Catalogue) *protocol.Catalogue {
	drop := []string{protocol.ToolAgentRun}
	for _, n := range main.Names() {
		if strings.HasPrefix(n, "mcp.") {
			drop = append(drop, n)
		}
	}
	return main.Without(drop...)
}
