package messages

import "github.com/wtagent/wtagent/session/event"

// CheckCall asks the policy actor for a verdict on a tool call before
// anything runs. The reply is a Verdict.
type CheckCall struct {
	CallID string
	Call   event.ToolCall
}

// Verdict is the policy engine's decision on a tool call.
type Verdict struct {
	CallID   string
	Decision event.Decision
	Risk     event.Risk
	// Reason explains the decision in one sentence, for the user and the
	// model.
	Reason string
	// Subject is the exact path or command the decision is about.
	Subject string
	// Suggested is the narrow rule that "allow for this task" would grant.
	Suggested *event.Rule
	// Env is the environment a program call may run with (credentials
	// scrubbed); nil for non-program tools.
	Env []string
	// Outside lists the absolute paths outside the project root that the
	// call may touch because the user granted them.
	Outside []string
}

// ApprovalRequest asks the user (through the approval actor and the CLI)
// whether a tool call may run.
type ApprovalRequest struct {
	CallID  string
	Tool    string
	Risk    event.Risk
	Reason  string
	Subject string
	// Suggested is the rule "allow for this task" would add.
	Suggested *event.Rule
	// Unconfined asks whether to run the call again without the kernel
	// sandbox, which blocked it; Reason says what it blocked. Only the
	// user can say yes: no approval mode does.
	Unconfined bool
}

// ApprovalAnswer is the user's answer, recorded in the event log.
type ApprovalAnswer struct {
	CallID string
	Choice event.ApprovalChoice
	// Rule is the grant added for the task, when Choice is ApproveTask.
	Rule *event.Rule
	// By says who answered: "user", or the --approvals mode ("deny",
	// "allow") when no one was asked.
	By string
}

// GrantRule adds a task-wide rule to the policy actor (after an
// ApproveTask answer, or on replay of the event log).
type GrantRule struct {
	Rule event.Rule
}
