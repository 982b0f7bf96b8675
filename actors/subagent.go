package actors

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/policy"
	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/session"
	"github.com/wtagent/wtagent/session/event"
	"github.com/wtagent/wtagent/toolactors/tools"
)

// ErrSubagent is the error of an agent.run whose sub-agent did not finish
// its task.
var ErrSubagent = errors.New("the sub-agent did not finish")

// AgentResult is the data of an agent.run result: the sub-agent's final
// message and what it read, changed and verified (from its ledger).
type AgentResult struct {
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

// runAgent is agent.run: it starts a sub-agent, a session of its own under
// the main one (its own actor tree, conversation, event log and ledger in
// the main session's agents/ directory), with the catalogue less agent.run
// and the MCP tools, the same policy confined to its paths, and the same
// approvals naming it; it waits for a free slot (max-subagents) and, for a
// write sub-agent, until no running one holds an overlapping path.
func (rt *Runtime) runAgent(ctx context.Context, _ tools.Deps, inv messages.InvokeTool) event.ToolResult {
	args, err := protocol.DecodeAgentRun(&inv.Call)
	if err != nil {
		return tools.ErrorResult(fmt.Errorf("%w: agent.run: %v", tools.ErrBadArgs, err), nil)
	}
	var writable []string
	if args.Mode == protocol.AgentModeWrite {
		for _, p := range args.Paths {
			rel, err := rt.boundary.Resolve(p)
			if err != nil {
				return tools.ErrorResult(fmt.Errorf("%w: agent.run: %v", tools.ErrBadArgs, err), nil)
			}
			writable = append(writable, rel)
		}
		release, err := rt.agentPaths.Acquire(ctx, writable)
		if err != nil {
			return tools.ErrorResult(err, nil)
		}
		defer release()
	}
	select {
	case rt.agentSlots <- struct{}{}:
		defer func() { <-rt.agentSlots }()
	case <-ctx.Done():
		return tools.ErrorResult(ctx.Err(), nil)
	}
	name := fmt.Sprintf("sub-agent %d", rt.agentCount.Add(1))
	res, err := rt.superviseAgent(ctx, name, args.Task, writable)
	if err != nil {
		return tools.ErrorResult(fmt.Errorf("%s: %w", name, err), nil)
	}
	data, _ := json.Marshal(res)
	out := event.ToolResult{Status: event.ToolOK, Message: res.Summary, Data: data, Changed: res.Changed}
	if res.Outcome != event.OutcomeCompleted {
		out.Status = event.ToolError
		out.Message = fmt.Sprintf("%s: %v (%s): %s", name, ErrSubagent, res.Outcome, res.Reason)
	}
	return out
}

// superviseAgent runs one sub-agent's session to its end and reads its
// result from its ledger. Its tree is its own: a sub-agent that fails
// comes back as an error of this call, never as the main run's failure.
func (rt *Runtime) superviseAgent(ctx context.Context, name, task string, writable []string) (AgentResult, error) {
	sub, err := rt.cfg.Session.CreateAgent(session.Meta{
		Root: rt.cfg.Root, Task: task, Provider: rt.cfg.Provider, Approvals: string(rt.cfg.Approvals), PID: rt.cfg.PID,
	})
	if err != nil {
		return AgentResult{}, err
	}
	defer sub.Close()
	dirs := make([]string, len(writable))
	for i, w := range writable {
		dirs[i] = rt.boundary.Abs(w)
	}
	sb, owned, err := rt.cfg.Sandbox.Confined(dirs)
	if err != nil {
		return AgentResult{}, fmt.Errorf("its sandbox: %w", err)
	}
	if owned {
		defer sb.Close()
	}
	cfg := rt.agentConfig(sub, name, task, writable)
	cfg.Sandbox = sb
	srt, err := Start(cfg)
	if err != nil {
		return AgentResult{}, err
	}
	defer func() {
		sctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_ = srt.Shutdown(sctx)
	}()
	defer rt.startAgent(srt, task)()
	var fin messages.RunFinished
	select {
	case fin = <-srt.Finished():
	case <-srt.Done():
		return AgentResult{}, fmt.Errorf("its actor tree stopped: %w", srt.Err())
	case <-ctx.Done():
		srt.Cancel("the main run stopped the sub-agent")
		return AgentResult{}, ctx.Err()
	}
	res := AgentResult{Agent: name, Outcome: fin.Outcome, Reason: fin.Reason, Summary: fin.Summary,
		Changed: fin.Changed, Verified: fin.Verification, Turns: fin.Turns, Session: sub.Dir()}
	if evs, _, err := sub.Events(); err == nil {
		if rp, err := session.BuildReplay(evs); err == nil {
			res.Read, res.Conversation = agentReads(rp.Ledger), rp.Cursor
		}
	}
	return res, nil
}

// agentConfig is a sub-agent's runtime configuration: the main session's,
// with its own session and conversation, the catalogue less agent.run and
// the MCP tools (their servers belong to the main tree), no status socket
// and no checkpoints, and the policy confined to its paths.
func (rt *Runtime) agentConfig(sub *session.Session, name, task string, writable []string) Config {
	sc := rt.cfg
	newAgent := rt.cfg.NewAgentTransport
	sc.Session = sub
	sc.NewTransport = func(h TransportHooks) model.Transport { return newAgent(task, h) }
	sc.NewAgentTransport = nil
	drop := []string{protocol.ToolAgentRun}
	for _, n := range rt.cfg.Catalogue.Names() {
		if strings.HasPrefix(n, "mcp.") {
			drop = append(drop, n)
		}
	}
	sc.Catalogue = rt.cfg.Catalogue.Without(drop...)
	sc.MCP, sc.StatusSocket, sc.Checkpoints, sc.Warnings = nil, "", nil, nil
	sc.Sink, sc.AgentSink = nil, nil
	if rt.cfg.AgentSink != nil {
		sc.Sink = rt.cfg.AgentSink(name, task)
	}
	sc.Logger = rt.cfg.Logger.With("agent", name)
	if rt.cfg.Approver != nil {
		sc.Approver = namedApprover{name: name, inner: rt.cfg.Approver}
	}
	sc.confined = &policy.Confinement{Agent: name, Writable: writable}
	sc.live, sc.guard = nil, nil
	return sc
}

// agentReads are the paths a sub-agent's file reads named, in order.
func agentReads(l *session.Ledger) []string {
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

// namedApprover asks the main session's approver, naming the sub-agent.
type namedApprover struct {
	name  string
	inner Approver
}

// Ask implements Approver.
func (a namedApprover) Ask(ctx context.Context, req messages.ApprovalRequest) (messages.ApprovalAnswer, error) {
	req.Reason = a.name + ": " + req.Reason
	return a.inner.Ask(ctx, req)
}
