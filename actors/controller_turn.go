package actors

import (
	"fmt"

	"github.com/wtagent/wtagent/session/event"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/policy"
	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/supervisor"
)

// parse hands a complete reply to a fresh parser child.
func (c *controller) parse(ctx *actor.Context, reply event.Reply) {
	c.enter(ctx, event.PhaseParsing)
	c.parsers++
	id := parserID(c.turn(), c.parsers)
	c.run.parsing = id
	ctx.Send(c.p.session, supervisor.StartChild{Spec: newParserSpec(c.cfg.Catalogue, reply, c.p.controller, id)})
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
	c.record(ctx, event.EvProtocolParsed, "", event.ParsedPayload{Done: m.Done, Message: m.Message, Tool: tool, Notes: m.Notes,
		Repairs: m.Repairs}, false, nil)
	if len(m.Repairs) > 0 {
		// The model learns the canonical form with the next result.
		r.notes = append(r.notes, protocol.FormatRepairs(m.Repairs))
	}
	switch {
	case m.Done:
		if why, miss := c.doneRefusal(m.Message); why != "" {
			c.record(ctx, event.EvDoneRefused, "", event.TextPayload{Text: why}, false, nil)
			if r.refusals++; r.refusals > c.cfg.Limits.DoneRefusals {
				c.limit(ctx, "done-refusals", "the model said it was done %d times without the evidence the request needs (missing: %s)",
					r.refusals, missingSummary(miss))
				return
			}
			c.nudge(ctx, why)
			return
		}
		c.complete(ctx, m.Message)
	case m.Call == nil:
		c.nudge(ctx, protocol.ContinueNoTool)
	default:
		c.propose(ctx, *m.Call)
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
	c.interrupt(ctx, (&LimitError{Name: name, Detail: detail}).Error())
}

// doneRefusal applies the done gate to the run's requests, the ledger and
// the done message.
func (c *controller) doneRefusal(message string) (string, []missing) {
	g := doneGate{requests: c.rp.Requests, ops: c.rp.Ledger.Ops(), changed: c.rp.Changed, lastChange: c.rp.LastChangeSeq,
		lastFailedEdit: c.rp.LastFailedEditSeq, root: c.cfg.Root, message: message}
	return g.refusal()
}

// propose takes a tool call the model asked for: a call this session
// already ran (the same reply read again) reuses its result; anything else
// is recorded and checked by policy.
func (c *controller) propose(ctx *actor.Context, call event.ToolCall) {
	r := c.run
	r.nudges = 0
	sig := call.Name + "\x00" + string(call.CanonicalArgs)
	if sig == r.lastSig {
		r.identical++
	} else {
		r.lastSig, r.identical = sig, 1
	}
	if r.identical > c.cfg.Limits.IdenticalCalls {
		c.limit(ctx, "identical-calls", "the model asked for the same %s call %d times in a row", call.Name, r.identical)
		return
	}
	replyID := ""
	if c.last.reply != nil {
		replyID = c.last.reply.MessageID
	}
	key := opKey(c.sid, replyID, c.turn(), call)
	callID := callIDOf(key)
	if op, ok := c.rp.Ledger.Op(key); ok && op.Result != nil {
		c.reuse(ctx, op.Key, op.CallID, *op.Result)
		return
	}
	if op, ok := c.unsentTwin(sig); ok {
		c.reuse(ctx, op.Key, op.CallID, *op.Result)
		return
	}
	c.record(ctx, event.EvToolProposed, callID, event.ToolProposedPayload{OpKey: key, Call: call, ReplyMessageID: replyID}, false, nil)
	if r.pause != "" {
		c.interrupt(ctx, r.pause)
		return
	}
	c.check(ctx, &opFlow{key: key, callID: callID, call: call, replyID: replyID})
}

// check asks the policy actor about an operation.
func (c *controller) check(ctx *actor.Context, op *opFlow) {
	c.run.op = op
	ctx.Send(c.p.policy, messages.CheckCall{CallID: op.callID, Call: op.call})
}

// reuse sends a saved result again instead of running a call twice.
func (c *controller) reuse(ctx *actor.Context, key, callID string, res event.ToolResult) {
	c.record(ctx, event.EvToolReused, callID, event.ToolCompletedPayload{OpKey: key, Result: res}, false, nil)
	c.enter(ctx, event.PhaseSendingResult)
	c.sendResult(ctx, key, res)
}

func (c *controller) verdict(ctx *actor.Context, v messages.Verdict) {
	r := c.run
	if r == nil || r.op == nil || r.op.callID != v.CallID || r.op.executing {
		return
	}
	r.op.verdict = v
	c.record(ctx, event.EvPolicyDecided, v.CallID, event.PolicyPayload{Decision: v.Decision, Risk: v.Risk,
		Reason: v.Reason, Subject: v.Subject, Rule: v.Suggested}, false, nil)
	switch v.Decision {
	case event.DecisionAllow:
		c.execute(ctx)
	case event.DecisionAsk:
		c.enter(ctx, event.PhaseApprovalRequired)
		req := policy.Request(r.op.call.Name, v)
		c.record(ctx, event.EvApprovalRequired, v.CallID, event.PolicyPayload{Decision: v.Decision, Risk: v.Risk,
			Reason: v.Reason, Subject: v.Subject, Rule: v.Suggested}, false, func(ctx *actor.Context) {
			ctx.Send(c.p.approval, req)
		})
	default:
		c.denied(ctx, v.Reason)
	}
}

func (c *controller) approvalAnswer(ctx *actor.Context, a messages.ApprovalAnswer) {
	r := c.run
	if r != nil && r.op != nil && r.op.callID == a.CallID && r.op.blocked != nil {
		c.unconfinedAnswer(ctx, a)
		return
	}
	if r == nil || r.op == nil || r.op.callID != a.CallID || r.op.executing {
		return
	}
	c.record(ctx, event.EvApprovalResolved, a.CallID, event.PolicyPayload{Choice: a.Choice, Rule: a.Rule, By: a.By}, false, nil)
	switch a.Choice {
	case event.ApproveOnce, event.ApproveTask:
		if a.Choice == event.ApproveTask && a.Rule != nil {
			ctx.Send(c.p.policy, messages.GrantRule{Rule: *a.Rule})
		}
		c.execute(ctx)
	default:
		reason := "the user denied this call"
		if a.By != "user" {
			reason = fmt.Sprintf("this call needs approval and the approval mode %q denied it", a.By)
		}
		c.denied(ctx, reason+" ("+r.op.verdict.Reason+"). Choose another way, or explain in your message what you need and why.")
	}
}
