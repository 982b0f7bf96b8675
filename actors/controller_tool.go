package actors

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/checkpoint"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/session"
	"github.com/wtagent/wtagent/session/event"
)

// opKey is the exactly-once key of the call at index (from 0) in a reply.
func opKey(sid, replyID string, turn, index int, call event.ToolCall) string {
	return event.OpKeyAt(sid, replyID, turn, index, call.Name, call.CanonicalArgs)
}

func callIDOf(key string) string { return event.CallID(key) }

// execute runs an operation: prepared, then started (made durable before
// anything runs), then handed to the tools supervisor.
func (c *controller) execute(ctx *actor.Context, op *opFlow) {
	op.executing = true
	c.enterExecuting(ctx)
	p := event.ToolProposedPayload{OpKey: op.key, Call: op.call, ReplyMessageID: op.replyID}
	c.record(ctx, event.EvToolPrepared, op.callID, p, false, nil)
	if c.wantsCheckpoint(&op.call) {
		c.takeCheckpoint(ctx, op.callID, op.call.Name, checkpoint.Before, "", func(ctx *actor.Context, id string) {
			if c.run != nil && c.run.batch.has(op) {
				op.before = id
				c.startTool(ctx, op, p)
			}
		})
		return
	}
	c.startTool(ctx, op, p)
}

// startTool records that an operation started and hands it to
// the tools supervisor.
func (c *controller) startTool(ctx *actor.Context, op *opFlow, p event.ToolProposedPayload) {
	inv := messages.InvokeTool{CallID: op.callID, OpKey: op.key, Call: protocol.CapTimeout(op.call, c.cfg.Limits.ToolTime),
		Timeout: c.cfg.Limits.ToolTime, Env: op.verdict.Env, Outside: op.verdict.Outside, Unconfined: op.unconfined}
	// A call with side effects must be known to have started before it
	// runs, or a crash could run it twice; a read-only call may simply run
	// again, so it needs no fsync.
	c.record(ctx, event.EvToolStarted, op.callID, p, !c.cfg.readOnly(&op.call), func(ctx *actor.Context) {
		ctx.Send(c.p.tools, inv)
	})
}

// denied completes an operation without running it.
func (c *controller) denied(ctx *actor.Context, op *opFlow, reason string) {
	res := event.ToolResult{CallID: op.callID, OpKey: op.key, Tool: op.call.Name, Status: event.ToolDenied, Message: reason}
	c.completeOp(ctx, op, res)
}

func (c *controller) toolResult(ctx *actor.Context, res event.ToolResult) {
	op := c.run.opOf(res.CallID)
	if op == nil || !op.executing {
		// A result nobody waits for (the run was cancelled): keep it in the
		// ledger so a resume does not call its outcome unknown.
		if op, ok := c.rp.Ledger.ByCallID(res.CallID); ok && op.Result == nil {
			res = c.maskResult(res)
			c.record(ctx, event.EvToolCompleted, res.CallID, event.ToolCompletedPayload{OpKey: op.Key, Result: res}, true, nil)
		}
		return
	}
	res.OpKey = op.key
	c.cfg.live.FlushCall(res.CallID)
	res, asked := c.offerUnconfined(ctx, op, res)
	if asked {
		return
	}
	c.completeOp(ctx, op, res)
}

// toolLost reports a running call whose result will never come.
func (c *controller) toolLost(ctx *actor.Context, op *opFlow, why string) {
	res := protocol.UnknownResult(&op.call, why)
	res.CallID, res.OpKey = op.callID, op.key
	c.completeOp(ctx, op, res)
}

// completeOp records an operation's result (synced, secrets masked); once
// it is durable, the batch goes on (see batchStep).
func (c *controller) completeOp(ctx *actor.Context, op *opFlow, res event.ToolResult) {
	res = c.maskResult(res)
	key := res.OpKey
	typ := event.EvToolCompleted
	if res.Status == event.ToolUnknown {
		typ = event.EvToolUnknown
	}
	// A side effect's result is made durable before the model sees it; a
	// lost read-only result is simply read again.
	sync := !c.cfg.readOnly(&op.call) || res.Status == event.ToolDenied
	op.done = true
	c.record(ctx, typ, res.CallID, event.ToolCompletedPayload{OpKey: key, Result: res}, sync, func(ctx *actor.Context) {
		if c.run == nil || !c.run.batch.has(op) {
			return
		}
		op.result = &res
		c.batchStep(ctx)
	})
}

// sendResult sends a tool result (with any process notes) to the model.
func (c *controller) sendResult(ctx *actor.Context, key string, res event.ToolResult) {
	res = protocol.CapResult(res, c.cfg.Limits.OutputPerCall)
	c.sendResultBody(ctx, protocol.FormatToolResult(res), []string{key}, []string{res.CallID})
}

// sendResultBody sends the results of a reply's calls (keys, callIDs),
// with the project instructions of the files they touched and any
// process notes, within the output-per-run limit.
func (c *controller) sendResultBody(ctx *actor.Context, body string, keys, callIDs []string) {
	r := c.run
	var seen []string
	for _, id := range callIDs {
		if files := c.callFiles(id); files != "" && !slices.Contains(seen, files) {
			seen = append(seen, files)
			body += "\n\n" + files
		}
	}
	if len(r.notes) > 0 {
		body += "\n\n" + strings.Join(r.notes, "\n")
		r.notes = nil
	}
	r.outBytes += int64(len(body))
	if r.outBytes > c.cfg.Limits.OutputPerRun {
		c.limit(ctx, "output-per-run", "tool results sent in this run passed %d bytes", c.cfg.Limits.OutputPerRun)
		return
	}
	c.sendText(ctx, event.OutboundToolResult, body, keys, nil)
}

// processEvent records a dev server's change; a crash is told to the model
// with the next result.
func (c *controller) processEvent(ctx *actor.Context, m messages.ProcessEvent) {
	c.procs[m.Info.ID] = m.Info
	c.record(ctx, event.EvProcessChanged, "", event.ProcessPayload(m), false, nil)
	if c.run != nil && (m.Info.State == event.ProcessCrashed || m.Info.State == event.ProcessExited) {
		c.run.notes = append(c.run.notes, protocol.ProcessEvent(m.Info.ID, m.Info.State, m.Err))
	}
}

// unsentTwin finds a completed operation with the same call whose result
// the model has not seen: the same request sent twice (a message resent
// after a crash) must not run twice.
func (c *controller) unsentTwin(sig string) (session.OpState, bool) {
	for _, rec := range c.rp.Recover(nil) {
		op := rec.Op
		if rec.Action == session.RecoverResend && op.Result != nil && op.Call.Name+"\x00"+string(op.Call.CanonicalArgs) == sig {
			return op, true
		}
	}
	return session.OpState{}, false
}

// recoverOp finishes an operation an earlier run left half done.
func (c *controller) recoverOp(ctx *actor.Context, rec session.Recovery) {
	op := rec.Op
	switch rec.Action {
	case session.RecoverResend:
		c.enter(ctx, event.PhaseSendingResult)
		c.sendResult(ctx, op.Key, *op.Result)
	case session.RecoverUnknown:
		f := c.soleOp(&opFlow{key: op.Key, callID: op.CallID, call: op.Call, replyID: op.ReplyMessageID, executing: true})
		c.enter(ctx, event.PhaseExecuting)
		c.toolLost(ctx, f, "wtagent stopped while it ran")
	default: // re-run a read-only call, or check a call that never ran
		call, err := c.typedCall(op.Call)
		if err != nil {
			c.toolLost(ctx, c.soleOp(&opFlow{key: op.Key, callID: op.CallID, call: op.Call, executing: true}), err.Error())
			return
		}
		c.check(ctx, c.soleOp(&opFlow{key: op.Key, callID: op.CallID, call: call, replyID: op.ReplyMessageID}))
	}
}

// soleOp makes op the run's batch, alone (a call an earlier run left half
// done).
func (c *controller) soleOp(op *opFlow) *opFlow {
	b := &batchFlow{ops: []*opFlow{op}}
	if !c.cfg.readOnly(&op.call) {
		b.chain = []int{0}
	}
	c.run.batch = b
	return op
}

// typedCall decodes a logged call's canonical arguments back into the
// tool's argument struct.
func (c *controller) typedCall(call event.ToolCall) (event.ToolCall, error) {
	spec, ok := c.cfg.Catalogue.Lookup(call.Name)
	if !ok {
		return call, fmt.Errorf("tool %q is not in this catalogue", call.Name)
	}
	args := spec.New()
	if err := json.Unmarshal(call.CanonicalArgs, args); err != nil {
		return call, fmt.Errorf("decode the logged arguments of %s: %w", call.Name, err)
	}
	call.Args = args
	return call, nil
}
