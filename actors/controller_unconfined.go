package actors

import (
	"strings"

	"github.com/wtagent/wtagent/session/event"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/policy"
	"github.com/wtagent/wtagent/protocol"
)

// offerUnconfined asks the user, under --approvals prompt only, whether a
// command the kernel sandbox blocked may run once more without it. It
// reports whether it asked (the blocked result waits for the answer);
// otherwise it returns res, saying so when it is an unconfined re-run.
func (c *controller) offerUnconfined(ctx *actor.Context, op *opFlow, res event.ToolResult) (event.ToolResult, bool) {
	if op.unconfined {
		res.Message = "run again WITHOUT the sandbox, as the user approved: " + res.Message
		return res, false
	}
	if len(res.SandboxBlocked) == 0 || c.cfg.Approvals != policy.ModePrompt || res.Tool != protocol.ToolTerminalExec {
		return res, false
	}
	op.blocked = &res
	reason := "The sandbox blocked this command: " + strings.Join(res.SandboxBlocked, "; ") +
		".\nRun it once more WITHOUT the sandbox (with your full rights, still without credentials in its environment)?"
	subject := protocol.Summary(op.call)
	req := messages.ApprovalRequest{CallID: op.callID, Tool: op.call.Name, Risk: event.RiskSensitive, Reason: reason,
		Subject: subject, Unconfined: true}
	c.ask(ctx, op, event.PolicyPayload{Decision: event.DecisionAsk, Risk: event.RiskSensitive, Reason: reason,
		Subject: subject, Unconfined: true}, req)
	return res, true
}

// unconfinedAnswer runs the blocked call again without the sandbox when
// the user (and only the user) said yes, or sends the blocked result.
func (c *controller) unconfinedAnswer(ctx *actor.Context, op *opFlow, a messages.ApprovalAnswer) {
	blocked := *op.blocked
	op.blocked = nil
	c.record(ctx, event.EvApprovalResolved, a.CallID, event.PolicyPayload{Choice: a.Choice, By: a.By, Unconfined: true}, false, nil)
	if a.Choice != event.ApproveOnce || a.By != "user" {
		blocked.Message += "; the user did not allow a run without the sandbox"
		c.completeOp(ctx, op, blocked)
		return
	}
	op.unconfined = true
	c.enter(ctx, event.PhaseExecuting)
	c.startTool(ctx, op, event.ToolProposedPayload{OpKey: op.key, Call: op.call, ReplyMessageID: op.replyID})
}
