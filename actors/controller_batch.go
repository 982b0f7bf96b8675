package actors

import (
	"slices"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/checkpoint"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/session/event"
)

// batchFlow is the tool calls of one reply being decided or run, planned
// by protocol.PlanBatch: every call not in the chain is checked and run at
// once, each on its own (its own verdict, approval and invocation actor);
// the chain, the call with side effects (or, with chain-changes, every
// call from it on), is checked and run once they all have a result, one
// call at a time, in order, until one does not succeed (the rest are
// skipped); the results go back in one message once every call has one.
// A one-call reply is a batch of one, whose result is sent as the
// one-call protocol's <tool_result>.
type batchFlow struct {
	// ops are the calls in the reply's order.
	ops []*opFlow
	// chain are the indexes in ops of the calls run one at a time, in
	// order, after the others (none when the reply changes nothing).
	chain []int
}

// inChain reports whether the call at index i runs in the chain.
func (b *batchFlow) inChain(i int) bool { return slices.Contains(b.chain, i) }

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

// batchStep moves the run's batch on after a call got its result, as
// nextMove decides: it checks the chain's next call, takes the snapshot
// after one, or skips the chain's rest after a call that did not succeed
// and sends the results once every call has one.
func (c *controller) batchStep(ctx *actor.Context) {
	r := c.run
	b := r.batch
	if b == nil {
		return
	}
	for i, op := range b.ops { // a write sub-agent beside others: its snapshot after
		if op.result != nil && op.before != "" && !op.afterTaken && !b.inChain(i) {
			op.afterTaken = true
			c.takeCheckpoint(ctx, op.callID, op.call.Name, checkpoint.After, op.before, c.stepOn(b))
		}
	}
	if len(c.checkpoints) > 0 {
		return // the results go once every snapshot is recorded
	}
	move, k := nextMove(b.calls(), b.chain)
	switch move {
	case moveWait:
		return
	case moveCheck:
		c.chainFault(b, k)
		c.check(ctx, b.ops[b.chain[k]])
		return
	case moveAfter:
		ch := b.ops[b.chain[k]]
		ch.afterTaken = true
		c.takeCheckpoint(ctx, ch.callID, ch.call.Name, checkpoint.After, ch.before, c.stepOn(b))
		return
	}
	if k >= 0 {
		c.skipChain(ctx, b, k)
	}
	r.batch = nil
	c.enter(ctx, event.PhaseSendingResult)
	c.sendBatch(ctx, b)
}

// stepOn goes on with batch b after a snapshot, if it is still the run's.
func (c *controller) stepOn(b *batchFlow) func(*actor.Context, string) {
	return func(ctx *actor.Context, _ string) {
		if c.run != nil && c.run.batch == b {
			c.batchStep(ctx)
		}
	}
}

// calls is what nextMove reads of the batch's calls.
func (b *batchFlow) calls() []batchCall {
	out := make([]batchCall, len(b.ops))
	for i, op := range b.ops {
		out[i] = batchCall{result: op.result != nil, ok: op.result != nil && op.result.Status == event.ToolOK,
			started: op.checked || op.done, afterDue: op.before != "" && !op.afterTaken}
	}
	return out
}

// chainFault is the fault hook before the k-th call of a batch's chain:
// before-change before the first (after the reads), between-changes
// before a later one.
func (c *controller) chainFault(b *batchFlow, k int) {
	switch {
	case k > 0:
		batchFault(faultBetweenChanges)
	case len(b.ops) > 1:
		batchFault(faultBeforeChange)
	}
}

// skipChain records the calls of the chain after its k-th, which did not
// succeed, as skipped (and not run) with the reason.
func (c *controller) skipChain(ctx *actor.Context, b *batchFlow, k int) {
	at := b.ops[b.chain[k]]
	why := protocol.ChainSkipReason(at.index, at.call.Name, at.result.Status)
	for _, i := range b.chain[k+1:] {
		op := b.ops[i]
		if op.result != nil {
			continue
		}
		res := protocol.SkippedResult(&op.call, why)
		res.CallID, res.OpKey = op.callID, op.key
		op.result, op.done = &res, true
		c.record(ctx, event.EvToolCompleted, op.callID, event.ToolCompletedPayload{OpKey: op.key, Result: res}, false, nil)
	}
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
		results[i] = protocol.CapResult(*op.result, c.cfg.Limits.OutputPerCall)
		keys[i], callIDs[i], calls[i] = op.key, op.callID, &op.call
	}
	budget := c.cfg.Limits.OutputPerCall
	if n := c.cfg.Catalogue.OutputBudget(calls); n > 0 {
		budget = min(budget, n)
	}
	c.sendResultBody(ctx, protocol.FormatToolResults(results, budget), keys, callIDs)
}
