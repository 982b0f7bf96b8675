package subagent

import (
	"context"
	"testing"

	"github.com/wtagent/wtagent/messages"
)

// recordingApprover keeps the requests it is asked.
type recordingApprover struct{ asked []messages.ApprovalRequest }

func (r *recordingApprover) Ask(_ context.Context, req messages.ApprovalRequest) (messages.ApprovalAnswer, error) {
	r.asked = append(r.asked, req)
	return messages.ApprovalAnswer{CallID: req.CallID, By: "user"}, nil
}

// TestNamed: a sub-agent's approvals are asked of the main
// session's approver, naming the sub-agent.
func TestNamed(t *testing.T) {
	inner := &recordingApprover{}
	a := Named{Name: "sub-agent 2", Inner: inner}
	if _, err := a.Ask(context.Background(), messages.ApprovalRequest{CallID: "c1", Reason: "runs rm"}); err != nil {
		t.Fatal(err)
	}
	if len(inner.asked) != 1 || inner.asked[0].Reason != "sub-agent 2: runs rm" {
		t.Fatalf("asked %+v", inner.asked)
	}
}
