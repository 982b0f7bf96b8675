package actors

import (
	"context"
	"errors"

	"github.com/wtagent/wtagent/session/event"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/policy"
	"github.com/wtagent/wtagent/supervisor"
)

// approvalActor answers "ask" verdicts: by the --approvals mode (deny or
// allow, without asking anyone), or by asking the user through the CLI's
// Approver, off the actor goroutine. Only one question is open at a time;
// the controller never asks two.
type approvalActor struct {
	cfg *Config
	p   pids
}

// ErrAskPaused is what an Approver returns when the user asks for a pause
// at the question (Ctrl+C): the run pauses, the call stays unanswered.
var ErrAskPaused = errors.New("paused at the approval")

// answered carries the user's answer back to the actor goroutine.
type answered struct {
	ans messages.ApprovalAnswer
}

// askPaused carries a pause asked for at the question.
type askPaused struct {
	tool string
}

func newApprovalActor(cfg *Config, p pids) actor.Producer {
	return func() actor.Receiver { return &approvalActor{cfg: cfg, p: p} }
}

// Receive implements actor.Receiver.
func (a *approvalActor) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case messages.ApprovalRequest:
		a.ask(c, m)
	case answered:
		c.Send(a.p.controller, m.ans)
	case askPaused:
		c.Send(a.p.controller, messages.PauseRun{Reason: "paused by the user (Ctrl+C at the approval; " + m.tool + " did not run)"})
	}
}

func (a *approvalActor) ask(c *actor.Context, req messages.ApprovalRequest) {
	if req.Unconfined && a.cfg.Approvals == policy.ModeAllow {
		// A run without the sandbox is the user's call alone.
		c.Send(a.p.controller, messages.ApprovalAnswer{CallID: req.CallID, Choice: event.ApproveDeny, By: string(policy.ModeAllow)})
		return
	}
	if ans, ok := policy.AutoAnswer(a.cfg.Approvals, req.CallID); ok {
		c.Send(a.p.controller, ans)
		return
	}
	ap := a.cfg.Approver
	supervisor.Go(c, func(ctx context.Context) any {
		ans, err := ap.Ask(ctx, req)
		if errors.Is(err, ErrAskPaused) {
			return askPaused{tool: req.Tool}
		}
		if err != nil {
			// No answer (the terminal went away, the run is stopping): deny.
			return answered{ans: messages.ApprovalAnswer{CallID: req.CallID, Choice: event.ApproveDeny, By: "no answer: " + err.Error()}}
		}
		ans.CallID = req.CallID
		if ans.By == "" {
			ans.By = "user"
		}
		if ans.Choice == event.ApproveTask && ans.Rule == nil {
			ans.Rule = req.Suggested
		}
		return answered{ans: ans}
	})
}
