package actors

import (
	"fmt"

	"github.com/wtagent/wtagent/session/event"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/internal/runlimit"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/policy"
	"github.com/wtagent/wtagent/policy/donegate"
	"github.com/wtagent/wtagent/policy/evidence"
	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/session"
	"github.com/wtagent/wtagent/supervisor"
)

// parse hands a complete reply to a fresh parser child.
func (c *controller) parse(ctx *actor.Context, reply event.Reply) {
	c.enter(ctx, event.PhaseParsing)
	c.parsers++
	id, ref := parserID(c.turn(), c.parsers), c.refs.Next()
	c.run.parsing, c.run.parseRef = id, ref
	ctx.Send(c.p.session, supervisor.StartChild{Ask: supervisor.Ask{Ref: ref}, Spec: newParserSpec(c.cfg.Catalogue, reply, c.p.controller, id)})
}

// parserStarted handles the session supervisor's reply to a parser's
// StartChild, matched by its Ref: a refusal fails the parse.
func (c *controller) parserStarted(ctx *actor.Context, m supervisor.ChildStartResult) {
	if r := c.run; m.Err != nil && r != nil && r.parsing == m.ID && r.parseRef == m.Ref {
		c.parseFailed(ctx, crashedParse(c.turn(), m.Err))
	}
}

func (c *controller) parsedTurn(ctx *actor.Context, m messages.ParsedTurn) {
	r := c.run
	if r == nil || r.parsing == "" {
		return
	}
	r.parsing = ""
	r.protoErrs = 0
	tool := ""
	if m.Call != nil {
		tool = m.Call.Name
	}
	var tools []string
	if len(m.Calls) > 1 {
		for _, call := range m.Calls {
			tools = append(tools, call.Name)
		}
	}
	c.record(ctx, event.EvProtocolParsed, "", event.ParsedPayload{Done: m.Done, Message: m.Message, Tool: tool, Tools: tools,
		Notes: m.Notes, Repairs: m.Repairs}, false, nil)
	if len(m.Repairs) > 0 {
		// The model learns the canonical form with the next result.
		r.notes = append(r.notes, protocol.FormatRepairs(m.Repairs))
	}
	switch {
	case m.Done:
		why, miss, answers := c.doneRefusal(m.Message)
		for _, a := range answers {
			if r.answered == nil {
				r.answered = map[string]bool{}
			}
			r.answered[a.Item] = true
			c.record(ctx, event.EvDoneAnswered, "", event.TextPayload{Text: a.Item + ": " + a.Reason, Kind: a.Item}, false, nil)
		}
		if why != "" {
			c.record(ctx, event.EvDoneRefused, "", event.TextPayload{Text: why}, false, nil)
			if r.refusals++; r.refusals > c.cfg.Limits.DoneRefusals {
				c.limit(ctx, "done-refusals", "the model said it was done %d times without the evidence the request needs (missing: %s)",
					r.refusals, donegate.Summary(miss))
				return
			}
			c.nudge(ctx, why)
			return
		}
		c.complete(ctx, m.Message)
	case m.Call == nil:
		c.nudge(ctx, protocol.ContinueNoTool)
	default:
		calls := m.Calls
		if len(calls) == 0 {
			calls = []*event.ToolCall{m.Call}
		}
		c.propose(ctx, calls)
	}
}

func (c *controller) parseFailed(ctx *actor.Context, m messages.ParseFailed) {
	r := c.run
	if r == nil || r.parsing == "" {
		return
	}
	r.parsing = ""
	r.protoErrs++
	c.record(ctx, event.EvProtocolInvalid, "", event.ProtocolInvalidPayload{Kind: m.Kind, Err: m.Err,
		Tool: m.Tool, Arg: m.Arg, Feedback: m.Feedback}, false, nil)
	if r.protoErrs >= c.cfg.Limits.ProtocolErrors {
		c.limit(ctx, "protocol-errors", "%d replies in a row broke the protocol (last: %s)", r.protoErrs, m.Err)
		return
	}
	c.sendText(ctx, event.OutboundProtocolError, m.Feedback, nil, nil)
}

// nudge asks the model to go on, within the nudge limit.
func (c *controller) nudge(ctx *actor.Context, reason string) {
	r := c.run
	r.nudges++
	if r.nudges > c.cfg.Limits.Nudges {
		c.limit(ctx, "nudges", "the model was asked to continue %d times in a row without progress", r.nudges-1)
		return
	}
	c.sendText(ctx, event.OutboundContinue, protocol.Continue(reason), nil, nil)
}

// limit interrupts the run at a limit.
func (c *controller) limit(ctx *actor.Context, name, format string, args ...any) {
	detail := fmt.Sprintf(format, args...)
	c.record(ctx, event.EvLimitReached, "", event.TextPayload{Text: "limit " + name + " reached: " + detail, Kind: name}, false, nil)
	c.interrupt(ctx, (&runlimit.Error{Name: name, Detail: detail}).Error())
}

// doneRefusal applies the done gate to the run's requests, the ledger and
// the done message.
func (c *controller) doneRefusal(message string) (string, []donegate.Missing, []evidence.Answer) {
	g := donegate.Gate{Answered: c.run.answered, Requests: c.rp.Requests, Ops: c.rp.Ledger.Ops(), Changed: c.rp.Changed, SnapshotChanged: c.rp.SnapshotChanged, LastChange: c.rp.LastChangeSeq,
		LastFailedEdit: c.rp.LastFailedEditSeq, Root: c.cfg.Root, Message: message}
	return g.Refusal()
}

// propose takes the tool calls of a reply (see batchFlow): a call this
// session already ran (the same reply read again) reuses its result; a
// call after the reply's change is skipped; the others are recorded and
// checked by policy. With several calls, the proposals are made durable
// before anything runs, so a resume knows the whole batch.
func (c *controller) propose(ctx *actor.Context, calls []*event.ToolCall) {
	r := c.run
	r.nudges = 0
	replyID := ""
	if c.last.reply != nil {
		replyID = c.last.reply.MessageID
	}
	plan := protocol.PlanBatch(calls, c.cfg.Catalogue)
	b := &batchFlow{chain: plan.Chain}
	skip := map[int]string{}
	for _, s := range plan.Skipped {
		skip[s.Index] = s.Reason
	}
	for _, call := range calls {
		if c.identicalLimit(ctx, *call) {
			return
		}
	}
	var recs []opRecord
	for i, call := range calls {
		key := opKey(c.sid, replyID, c.turn(), i, *call)
		op := &opFlow{index: i, key: key, callID: callIDOf(key), call: *call, replyID: replyID}
		b.ops = append(b.ops, op)
		recs = append(recs, c.proposal(op, skip)...)
	}
	sync := len(recs) > 1
	for i, rec := range recs {
		var then func(*actor.Context)
		if i == len(recs)-1 {
			then = func(ctx *actor.Context) { c.runBatch(ctx, r, b) }
		}
		c.record(ctx, rec.typ, rec.callID, rec.payload, sync && i == len(recs)-1, then)
	}
}

// opRecord is an event to record about a proposed call.
type opRecord struct {
	typ     event.Type
	callID  string
	payload any
}

// identicalLimit counts a call against the identical-calls limit and
// reports whether the run stopped at it.
func (c *controller) identicalLimit(ctx *actor.Context, call event.ToolCall) bool {
	r := c.run
	sig := call.Name + "\x00" + string(call.CanonicalArgs)
	if sig == r.lastSig {
		r.identical++
	} else {
		r.lastSig, r.identical = sig, 1
	}
	if r.identical > c.cfg.Limits.IdenticalCalls {
		c.limit(ctx, "identical-calls", "the model asked for the same %s call %d times in a row", call.Name, r.identical)
		return true
	}
	return false
}

// proposal decides what is recorded about a call: a saved result reused
// (the call has it at once); a skipped call's proposal and its result; or
// the proposal.
func (c *controller) proposal(op *opFlow, skip map[int]string) []opRecord {
	if saved, ok := c.rp.Ledger.Op(op.key); ok && saved.Result != nil {
		return []opRecord{c.reused(op, saved)}
	}
	if twin, ok := c.unsentTwin(op.call.Name + "\x00" + string(op.call.CanonicalArgs)); ok {
		return []opRecord{c.reused(op, twin)}
	}
	p := event.ToolProposedPayload{OpKey: op.key, Call: op.call, ReplyMessageID: op.replyID}
	recs := []opRecord{{typ: event.EvToolProposed, callID: op.callID, payload: p}}
	if why, ok := skip[op.index]; ok {
		res := protocol.SkippedResult(&op.call, why)
		res.CallID, res.OpKey = op.callID, op.key
		op.result, op.done = &res, true
		recs = append(recs, opRecord{typ: event.EvToolCompleted, callID: op.callID,
			payload: event.ToolCompletedPayload{OpKey: op.key, Result: res}})
	}
	return recs
}

// reused gives op the saved result of an operation that already ran, so
// the call is not run twice.
func (c *controller) reused(op *opFlow, saved session.OpState) opRecord {
	op.key, op.callID = saved.Key, saved.CallID
	res := *saved.Result
	op.result, op.done = &res, true
	return opRecord{typ: event.EvToolReused, callID: saved.CallID, payload: event.ToolCompletedPayload{OpKey: saved.Key, Result: res}}
}

// runBatch starts the batch once its proposals are recorded: the calls
// before the chain are checked at once, and batchStep goes on from there.
func (c *controller) runBatch(ctx *actor.Context, r *runState, b *batchFlow) {
	if c.run != r {
		return
	}
	r.batch = b
	pending := false
	for _, op := range b.ops {
		pending = pending || op.result == nil
	}
	if pending && r.pause != "" {
		c.interrupt(ctx, r.pause)
		return
	}
	for i, op := range b.ops {
		if !b.inChain(i) && op.result == nil {
			c.check(ctx, op)
		}
	}
	c.batchStep(ctx)
}

// check asks the policy actor about an operation.
func (c *controller) check(ctx *actor.Context, op *opFlow) {
	op.checked = true
	ctx.Send(c.p.policy, messages.CheckCall{CallID: op.callID, Call: op.call})
}

func (c *controller) verdict(ctx *actor.Context, v messages.Verdict) {
	r := c.run
	op := r.opOf(v.CallID)
	if op == nil || op.executing {
		return
	}
	op.verdict = v
	c.record(ctx, event.EvPolicyDecided, v.CallID, event.PolicyPayload{Decision: v.Decision, Risk: v.Risk,
		Reason: v.Reason, Subject: v.Subject, Rule: v.Suggested}, false, nil)
	switch v.Decision {
	case event.DecisionAllow:
		c.execute(ctx, op)
	case event.DecisionAsk:
		c.ask(ctx, op, event.PolicyPayload{Decision: v.Decision, Risk: v.Risk, Reason: v.Reason, Subject: v.Subject,
			Rule: v.Suggested}, policy.Request(op.call.Name, v))
	default:
		c.denied(ctx, op, v.Reason)
	}
}

func (c *controller) approvalAnswer(ctx *actor.Context, a messages.ApprovalAnswer) {
	r := c.run
	op := r.opOf(a.CallID)
	if op == nil || r.asking != op {
		return
	}
	r.asking = nil
	defer c.askNext(ctx)
	if op.blocked != nil {
		c.unconfinedAnswer(ctx, op, a)
		return
	}
	if op.executing {
		return
	}
	c.record(ctx, event.EvApprovalResolved, a.CallID, event.PolicyPayload{Choice: a.Choice, Rule: a.Rule, By: a.By}, false, nil)
	switch a.Choice {
	case event.ApproveOnce, event.ApproveTask:
		if a.Choice == event.ApproveTask && a.Rule != nil {
			ctx.Send(c.p.policy, messages.GrantRule{Rule: *a.Rule})
		}
		c.execute(ctx, op)
	default:
		reason := "the user denied this call"
		if a.By != "user" {
			reason = fmt.Sprintf("this call needs approval and the approval mode %q denied it", a.By)
		}
		c.denied(ctx, op, reason+" ("+op.verdict.Reason+"). Choose another way, or explain in your message what you need and why.")
	}
}
