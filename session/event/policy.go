package event

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

// ApprovalChoice is the user's answer to an approval prompt.
type ApprovalChoice string

// The approval answers.
const (
	ApproveOnce ApprovalChoice = "once"
	ApproveTask ApprovalChoice = "task"
	ApproveDeny ApprovalChoice = "deny"
)
