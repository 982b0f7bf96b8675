package subagent

import (
	"context"

	"github.com/wtagent/wtagent/messages"
)

// Asker asks the user to approve a call (the runtime's Approver).
type Asker interface {
	Ask(ctx context.Context, req messages.ApprovalRequest) (messages.ApprovalAnswer, error)
}

// Named asks the main session's approver, naming the sub-agent.
type Named struct {
	Name  string
	Inner Asker
}

// Ask implements Asker.
func (a Named) Ask(ctx context.Context, req messages.ApprovalRequest) (messages.ApprovalAnswer, error) {
	req.Reason = a.Name + ": " + req.Reason
	return a.Inner.Ask(ctx, req)
}
