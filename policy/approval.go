package policy

import (
	"errors"
	"fmt"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/messages"
)

// ErrNoSuggestedRule means "allow for this task" was chosen for a verdict
// that has no narrow rule to grant; only "allow once" or "deny" apply.
var ErrNoSuggestedRule = errors.New("policy: no narrow rule covers this call; allow it once or deny it")

// Request builds the approval request the user sees for an ask verdict:
// the tool, the reason, the exact path or command, the risk and the rule
// "allow for this task" would grant.
func Request(tool string, v messages.Verdict) messages.ApprovalRequest {
	return messages.ApprovalRequest{
		CallID:    v.CallID,
		Tool:      tool,
		Risk:      v.Risk,
		Reason:    v.Reason,
		Subject:   v.Subject,
		Suggested: v.Suggested,
	}
}

// Apply applies the user's answer to an ask verdict and returns the final
// verdict and the answer record for the event log:
//
//   - ApproveOnce allows this call only;
//   - ApproveTask grants v.Suggested for the rest of the task (an error
//     when there is none) and allows the call;
//   - ApproveDeny denies it; the model gets the reason.
//
// A verdict that is not ask is returned unchanged: an answer never turns
// a deny into an allow.
func (e *Engine) Apply(v messages.Verdict, choice event.ApprovalChoice) (messages.Verdict, messages.ApprovalAnswer, error) {
	ans := messages.ApprovalAnswer{CallID: v.CallID, Choice: choice, By: "user"}
	if v.Decision != event.DecisionAsk {
		return v, ans, fmt.Errorf("policy: verdict is %s, not ask", v.Decision)
	}
	switch choice {
	case event.ApproveOnce:
		v.Decision, v.Reason = event.DecisionAllow, v.Reason+" (allowed once by the user)"
	case event.ApproveTask:
		if v.Suggested == nil {
			return v, ans, ErrNoSuggestedRule
		}
		if err := e.Grant(*v.Suggested); err != nil {
			return v, ans, err
		}
		r := cloneRule(*v.Suggested)
		ans.Rule = &r
		v.Decision, v.Reason = event.DecisionAllow, v.Reason+"; allowed for this task by the rule "+DescribeRule(r)
	case event.ApproveDeny:
		v.Decision, v.Reason = event.DecisionDeny, "the user denied it: "+v.Reason
		v.Env = nil
		return v, ans, nil
	default:
		return v, ans, fmt.Errorf("policy: unknown approval choice %q", choice)
	}
	return v, ans, nil
}

// AutoAnswer is the answer a non-interactive mode gives to an ask verdict,
// for an approval actor that applies the mode itself (with an engine in
// ModePrompt): ModeAllow answers allow once, ModeDeny (and any mode that is
// not a known one) deny; By names the mode. It returns false for
// ModePrompt: the user must answer.
func AutoAnswer(m Mode, callID string) (messages.ApprovalAnswer, bool) {
	switch m {
	case ModePrompt:
		return messages.ApprovalAnswer{}, false
	case ModeAllow:
		return messages.ApprovalAnswer{CallID: callID, Choice: event.ApproveOnce, By: string(m)}, true
	}
	return messages.ApprovalAnswer{CallID: callID, Choice: event.ApproveDeny, By: string(m)}, true
}
