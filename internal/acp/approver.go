package acp

import (
	"context"
	"time"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/wtagent/wtagent/internal/ui"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/session/event"
)

// The permission options wtagent offers, by id.
const (
	optionOnce = "allow_once"
	optionTask = "allow_task"
	optionDeny = "deny"
)

// Ask implements actors.Approver: a session/request_permission. No answer,
// or a cancelled request, is a deny and the run pauses, as at the
// terminal.
func (s *acpSession) Ask(ctx context.Context, req messages.ApprovalRequest) (messages.ApprovalAnswer, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-s.stopped():
			cancel()
		case <-ctx.Done():
		}
	}()
	// The client learns of the call before it is asked about it (as the
	// terminal draws it first): the proposal is logged at the same time.
	select {
	case <-s.shownChan(req.CallID):
	case <-ctx.Done():
	case <-time.After(5 * time.Second):
	}
	resp, err := s.conn.RequestPermission(ctx, sdk.RequestPermissionRequest{
		SessionId: sdk.SessionId(s.id),
		ToolCall: sdk.ToolCallUpdate{ToolCallId: sdk.ToolCallId(req.CallID), Title: sdk.Ptr(req.Tool + " " + req.Subject),
			Kind: sdk.Ptr(toolKind(req.Tool)), Status: sdk.Ptr(sdk.ToolCallStatusPending),
			RawInput: map[string]any{"risk": string(req.Risk), "reason": req.Reason}},
		Options: permissionOptions(req),
	})
	ans := messages.ApprovalAnswer{CallID: req.CallID, Choice: event.ApproveDeny, By: "user"}
	if err != nil || resp.Outcome.Selected == nil {
		ans.By = "no answer (the editor cancelled the request)"
		if err != nil {
			ans.By = "no answer: " + err.Error()
		}
		s.pause("paused: an approval got no answer from the editor")
		return ans, nil
	}
	switch string(resp.Outcome.Selected.OptionId) {
	case optionOnce:
		ans.Choice = event.ApproveOnce
	case optionTask:
		if req.Suggested != nil && !req.Unconfined {
			ans.Choice, ans.Rule = event.ApproveTask, req.Suggested
		}
	}
	return ans, nil
}

// permissionOptions are the answers to req: allow once, allow for this
// task (when a rule is suggested), deny.
func permissionOptions(req messages.ApprovalRequest) []sdk.PermissionOption {
	if req.Unconfined {
		return []sdk.PermissionOption{
			{OptionId: optionOnce, Name: "Run once without the sandbox", Kind: sdk.PermissionOptionKindAllowOnce},
			{OptionId: optionDeny, Name: "Keep the sandbox", Kind: sdk.PermissionOptionKindRejectOnce},
		}
	}
	opts := []sdk.PermissionOption{{OptionId: optionOnce, Name: "Allow once", Kind: sdk.PermissionOptionKindAllowOnce}}
	if req.Suggested != nil {
		opts = append(opts, sdk.PermissionOption{OptionId: optionTask,
			Name: "Allow for this task (" + ui.RuleText(*req.Suggested) + ")", Kind: sdk.PermissionOptionKindAllowAlways})
	}
	return append(opts, sdk.PermissionOption{OptionId: optionDeny, Name: "Deny", Kind: sdk.PermissionOptionKindRejectOnce})
}
