package messages

// CheckCall asks the policy actor for a verdict on a tool call before
// anything runs. The reply is a Verdict.
type CheckCall struct {
	CallID string
	Call   ToolCall
}

// Rule is a narrow permission the user granted for the current task: a
// command prefix or a path prefix, never "everything".
type Rule struct {
	// Tool is the tool the rule applies to ("terminal.exec", "fs.read", …).
	Tool string `json:"tool"`
	// Kind is "command" (Prefix is a program+argv prefix) or "path"
	// (Prefix is an absolute path prefix outside or inside the root).
	Kind string `json:"kind"`
	// Prefix is the command words or the path that the rule covers.
	Prefix []string `json:"prefix"`
}

// Verdict is the policy engine's decision on a tool call.
type Verdict struct {
	CallID   string
	Decision Decision
	Risk     Risk
	// Reason explains the decision in one sentence, for the user and the
	// model.
	Reason string
	// Subject is the exact path or command the decision is about.
	Subject string
	// Suggested is the narrow rule that "allow for this task" would grant.
	Suggested *Rule
	// Env is the environment a program call may run with (credentials
	// scrubbed); nil for non-program tools.
	Env []string
	// Outside lists the absolute paths outside the project root that the
	// call may touch because the user granted them.
	Outside []string
}

// ApprovalChoice is the user's answer to an approval prompt.
type ApprovalChoice string

// The approval answers.
const (
	ApproveOnce ApprovalChoice = "once"
	ApproveTask ApprovalChoice = "task"
	ApproveDeny ApprovalChoice = "deny"
)

// ApprovalRequest asks the user (through the approval actor and the CLI)
// whether a tool call may run.
type ApprovalRequest struct {
	CallID  string
	Tool    string
	Risk    Risk
	Reason  string
	Subject string
	// Suggested is the rule "allow for this task" would add.
	Suggested *Rule
	// Unconfined asks whether to run the call again without the kernel
	// sandbox, which blocked it; Reason says what it blocked. Only the
	// user can say yes: no approval mode does.
	Unconfined bool
}

// ApprovalAnswer is the user's answer, recorded in the event log.
type ApprovalAnswer struct {
	CallID string
	Choice ApprovalChoice
	// Rule is the grant added for the task, when Choice is ApproveTask.
	Rule *Rule
	// By says who answered: "user", or the --approvals mode ("deny",
	// "allow") when no one was asked.
	By string
}

// GrantRule adds a task-wide rule to the policy actor (after an
// ApproveTask answer, or on replay of the event log).
type GrantRule struct {
	Rule Rule
}
