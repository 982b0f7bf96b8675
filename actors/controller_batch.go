package actors

import (
	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/checkpoint"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/session/event"
)

// batchFlow is the tool calls of one reply being decided or run, planned
// by protocol.PlanBatch: every call but change is checked and run at once,
// each on its own (its own verdict, approval and invocation actor); change,
// the call with side effects, is checked and run once they all have a
// result; the results go back in one message once every call has one. A
// one-call reply is a batch of one, whose result is sent as the one-call
// protocol's <tool_result>.
type batchFlow struct {
	// ops are the calls in the reply's order.
	ops []*opFlow
	// change is the index in ops of the call with side effects that runs
	// last, or -1.
	change int
}

// byCall returns the call with callID that has no result yet.
func (b *batchFlow) byCall(callID string) *opFlow {
	if b == nil {
		return nil
	}
	for _, op := range b.ops {
		if op.callID == callID && !op.done {
			return op
		}
	}
	return nil
}

// has reports whether op is one of the batch's calls.
func (b *batchFlow) has(op *opFlow) bool {
	if b == nil {
		return false
	}
	for _, o := range b.ops {
		if o == op {
			return true
		}
	}
	return false
}

// running returns the calls handed to the tools that have no result yet.
func (b *batchFlow) running() []*opFlow {
	if b == nil {
		return nil
	}
	var out []*opFlow
	for _, op := range b.ops {
		if op.executing && !op.done {
			out = append(out, op)
		}
	}
	return out
}

// opOf returns the run's undecided or running call with callID.
func (r *runState) opOf(callID string) *opFlow {
	if r == nil {
		return nil
	}
	return r.batch.byCall(callID)
}

// pendingAsk is an approval question waiting for the open one.
type pendingAsk struct {
	op      *opFlow
	payload event.PolicyPayload
	req     messages.ApprovalRequest
}

// ask puts an approval question about op to the approval actor. One
// question is open at a time: a second one waits for the first's answer.
func (c *controller) ask(ctx *actor.Context, op *opFlow, p event.PolicyPayload, req messages.ApprovalRequest) {
	r := c.run
	if r.asking != nil {
		r.asks = append(r.asks, pendingAsk{op: op, payload: p, req: req})
		return
	}
	r.asking = op
	c.enter(ctx, event.PhaseApprovalRequired)
	c.record(ctx, event.EvApprovalRequired, op.callID, p, false, func(ctx *actor.Context) {
		ctx.Send(c.p.approval, req)
	})
}

// askNext asks the next waiting approval question, if any; with none,
// calls still running put the run back in the executing phase.
func (c *controller) askNext(ctx *actor.Context) {
	r := c.run
	if r == nil || r.asking != nil {
		return
	}
	if len(r.asks) == 0 {
		if len(r.batch.running()) > 0 {
			c.enter(ctx, event.PhaseExecuting)
		}
		return
	}
	a := r.asks[0]
	r.asks = r.asks[1:]
	c.ask(ctx, a.op, a.payload, a.req)
}

// enterExecuting moves to the executing phase unless an approval question
// is open (the run then waits on the user, whatever else runs).
func (c *controller) enterExecuting(ctx *actor.Context) {
	if c.run.asking == nil {
		c.enter(ctx, event.PhaseExecuting)
	}
}

// batchStep moves the run's batch on after a call got its result: once
// every call but the change has one, the change is checked; once every
// call has one, the results are sent (after the change's checkpoint).
func (c *controller) batchStep(ctx *actor.Context) {
	r := c.run
	b := r.batch
	if b == nil {
		return
	}
	for i, op := range b.ops {
		if i != b.change && op.result == nil {
			return
		}
	}
	if b.change >= 0 {
		if ch := b.ops[b.change]; ch.result == nil {
			if !ch.checked {
				if len(b.ops) > 1 {
					batchFault(faultBeforeChange)
				}
				c.check(ctx, ch)
			}
			return
		}
	}
	r.batch = nil
	c.enter(ctx, event.PhaseSendingResult)
	if b.change >= 0 && b.ops[b.change].before != "" {
		ch := b.ops[b.change]
		c.takeCheckpoint(ctx, ch.callID, ch.call.Name, checkpoint.After, ch.before, func(ctx *actor.Context, _ string) {
			if c.run != nil {
				c.sendBatch(ctx, b)
			}
		})
		return
	}
	c.sendBatch(ctx, b)
}

// sendBatch sends a batch's results: one call's as today's
// <tool_result>, several as one <tool_results> message.
func (c *controller) sendBatch(ctx *actor.Context, b *batchFlow) {
	if len(b.ops) == 1 {
		op := b.ops[0]
		c.sendResult(ctx, op.key, *op.result)
		return
	}
	results := make([]event.ToolResult, len(b.ops))
	keys, callIDs := make([]string, len(b.ops)), make([]string, len(b.ops))
	calls := make([]*event.ToolCall, len(b.ops))
	for i, op := range b.ops {
		results[i] = capResult(*op.result, c.cfg.Limits.OutputPerCall)
		keys[i], callIDs[i], calls[i] = op.key, op.callID, &op.call
	}
	budget := c.cfg.Limits.OutputPerCall
	if n := c.cfg.Catalogue.OutputBudget(calls); n > 0 {
		budget = min(budget, n)
	}
	c.sendResultBody(ctx, protocol.FormatToolResults(results, budget), keys, callIDs)
}
