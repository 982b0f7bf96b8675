package actors

import (
	"context"
	"fmt"
	"time"

	"github.com/wtagent/wtagent/actors/subagent"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/policy"
	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/session"
	"github.com/wtagent/wtagent/session/event"
	"github.com/wtagent/wtagent/toolactors/tools"
)

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
	n := rt.agentCount.Add(1)
	name := fmt.Sprintf("sub-agent %d", n)
	res, err := rt.superviseAgent(ctx, fmt.Sprintf("agent-%d", n), name, inv.OpKey, args.Task, writable)
	if err != nil {
		return tools.ErrorResult(fmt.Errorf("%s: %w", name, err), nil)
	}
	return res.ToolResult()
}

// superviseAgent runs one sub-agent's session to its end and reads its
// result from its ledger. The sub-agent of a call an earlier process
// started (a resume) is continued from its own log, or, when it had
// finished, only read. Its tree is the child id of the main session's
// agents supervisor: a sub-agent whose tree gives up comes back as an
// error of this call, never as the main run's failure.
func (rt *Runtime) superviseAgent(ctx context.Context, id, name, opKey, task string, writable []string) (subagent.Result, error) {
	sub, resumed, done, err := subagent.Open(rt.cfg.Session, opKey, session.Meta{
		Root: rt.cfg.Root, Task: task, Provider: rt.cfg.Provider, Approvals: string(rt.cfg.Approvals), PID: rt.cfg.PID,
	})
	if err != nil {
		return subagent.Result{}, err
	}
	defer sub.Close()
	if done != nil { // it finished before this process: its result is in its log
		return subagent.ResultOf(name, sub, *done), nil
	}
	dirs := make([]string, len(writable))
	for i, w := range writable {
		dirs[i] = rt.boundary.Abs(w)
	}
	sb, owned, err := rt.cfg.Sandbox.Confined(dirs)
	if err != nil {
		return subagent.Result{}, fmt.Errorf("its sandbox: %w", err)
	}
	if owned {
		defer sb.Close()
	}
	cfg := rt.agentConfig(sub, name, task, writable)
	cfg.Sandbox = sb
	srt, err := rt.startAgentTree(ctx, id, cfg)
	if err != nil {
		return subagent.Result{}, err
	}
	defer func() {
		sctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_ = srt.Shutdown(sctx)
	}()
	if resumed { // an earlier process started it: continue it from its log
		task = ""
	}
	defer rt.startAgent(srt, task)()
	var fin messages.RunFinished
	select {
	case fin = <-srt.Finished():
	case <-srt.Done():
		return subagent.Result{}, fmt.Errorf("its actor tree stopped: %w", srt.Err())
	case <-ctx.Done():
		srt.Cancel("the main run stopped the sub-agent")
		return subagent.Result{}, ctx.Err()
	}
	subagent.KillHook()
	return subagent.ResultOf(name, sub, fin), nil
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
	sc.Catalogue = subagent.Catalogue(rt.cfg.Catalogue)
	sc.MCP, sc.StatusSocket, sc.Checkpoints, sc.Warnings, sc.Sink, sc.AgentSink = nil, "", nil, nil, nil, nil
	if rt.cfg.AgentSink != nil {
		sc.Sink = rt.cfg.AgentSink(name, task)
	}
	sc.Logger = rt.cfg.Logger.With("agent", name)
	if rt.cfg.Approver != nil {
		sc.Approver = subagent.Named{Name: name, Inner: rt.cfg.Approver}
	}
	sc.confined = &policy.Confinement{Agent: name, Writable: writable}
	sc.live, sc.guard = nil, nil
	return sc
}
