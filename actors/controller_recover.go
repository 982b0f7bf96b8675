package actors

import (
	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/actors/subagent"

	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/session"
	"github.com/wtagent/wtagent/session/event"
)

// unfinishedBatch returns the newest reply's operations whose results the
// model has not got, in log order (the calls' order): one for a one-call
// reply, the unsent calls of a batch.
func (c *controller) unfinishedBatch() []session.Recovery {
	recs := c.rp.Recover(c.cfg.readOnlyTool)
	if len(recs) == 0 {
		return nil
	}
	last := recs[len(recs)-1].Op
	var out []session.Recovery
	for _, rec := range recs {
		if rec.Op.Tool == protocol.ToolAgentRun && (rec.Action == session.RecoverUnknown || subagent.Paused(rec.Op.Result)) {
			rec.Action = session.RecoverRerun // it continues its sub-agent from its log
		}
		if rec.Op.Turn == last.Turn && rec.Op.ReplyMessageID == last.ReplyMessageID {
			out = append(out, rec)
		}
	}
	return out
}

// recoverCalls finishes the calls an earlier run left half done: one as
// recoverOp always has, several as a batch (recoverBatch).
func (c *controller) recoverCalls(ctx *actor.Context, recs []session.Recovery) {
	if len(recs) == 1 {
		c.recoverOp(ctx, recs[0])
		return
	}
	c.recoverBatch(ctx, recs)
}

// recoverBatch finishes a batch an earlier run left half done, exactly
// once: a saved result is reused, a read that did not complete runs again,
// a change that started is reported unknown (never run twice), a change
// that did not start is checked and runs after the reads, in the chain's
// order; a chain call after an unknown or failed one is skipped (see
// batchStep), and so is a second change without chain-changes. Their
// results go back in one message.
func (c *controller) recoverBatch(ctx *actor.Context, recs []session.Recovery) {
	calls := make([]*event.ToolCall, len(recs))
	for i := range recs {
		calls[i] = &recs[i].Op.Call
	}
	plan := protocol.PlanBatch(calls, c.cfg.Catalogue)
	skip := map[int]string{}
	for _, s := range plan.Skipped {
		skip[s.Index] = s.Reason
	}
	b := &batchFlow{chain: plan.Chain}
	lost := map[*opFlow]string{}
	for i, rec := range recs {
		o := rec.Op
		op := &opFlow{index: i, key: o.Key, callID: o.CallID, call: o.Call, replyID: o.ReplyMessageID}
		b.ops = append(b.ops, op)
		switch rec.Action {
		case session.RecoverResend:
			op.result, op.done = o.Result, true
		case session.RecoverUnknown:
			op.executing, lost[op] = true, "wtagent stopped while it ran"
		default:
			if why, ok := skip[i]; ok {
				res := protocol.SkippedResult(&op.call, why)
				res.CallID, res.OpKey = op.callID, op.key
				op.result, op.done = &res, true
				continue
			}
			call, err := c.typedCall(o.Call)
			if err != nil {
				op.executing, lost[op] = true, err.Error()
				continue
			}
			op.call = call
		}
	}
	c.run.batch = b
	if len(lost) > 0 {
		c.enter(ctx, event.PhaseExecuting)
	}
	for _, op := range b.ops {
		if why, ok := lost[op]; ok {
			c.toolLost(ctx, op, why)
		}
	}
	for i, op := range b.ops {
		if !b.inChain(i) && !op.done {
			c.check(ctx, op)
		}
	}
	c.batchStep(ctx)
}
