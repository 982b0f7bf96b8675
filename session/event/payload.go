package event

// InstructionPayload is what session.instruction_added carries: a
// TextPayload's text, or a task with attachments.
type InstructionPayload struct {
	Text        string   `json:"text"`
	Task        string   `json:"task"`
	Instruction string   `json:"instruction"`
	Attachments []string `json:"attachments"`
}

// RunStartedPayload is the payload of run.started and run.resumed.
type RunStartedPayload struct {
	Task string `json:"task"`
	// Note is the part of Task that is wtagent's own note, not the user's
	// request (see messages.StartRun's Note).
	Note        string   `json:"note,omitempty"`
	Root        string   `json:"root"`
	Provider    string   `json:"provider"`
	Attachments []string `json:"attachments,omitempty"`
	// PID is the wtagent process that runs the run; a restarted controller
	// in the same process continues the run by itself.
	PID int `json:"pid"`
	// Mode and Effort are the ChatGPT mode and effort tier asked for, if
	// any.
	Mode   string `json:"mode,omitempty"`
	Effort string `json:"effort,omitempty"`
	// Sandbox says how commands are confined (mode, mechanism, network).
	Sandbox string `json:"sandbox,omitempty"`
	// Warnings are what the user must know about this setup (wtagent's
	// data directory inside the project), shown under the banner.
	Warnings []string `json:"warnings,omitempty"`
}

// MessageSentPayload is the payload of model.message_sent.
type MessageSentPayload struct {
	Kind OutboundKind `json:"kind"`
	// Text is the message (in model.message_sending; model.message_sent
	// leaves it out).
	Text    string  `json:"text,omitempty"`
	Binding Binding `json:"binding"`
	// ResultOps lists the operation keys whose results this message carried
	// (the ledger's result_sent step).
	ResultOps []string `json:"result_ops,omitempty"`
	// Attachments lists files attached to the message.
	Attachments []string `json:"attachments,omitempty"`
	// Queued lists the ids of the user's queued instructions this message
	// carried.
	Queued []string `json:"queued,omitempty"`
}

// QueueInstruction is text the user typed while a run works: it goes to the
// model with the next outbound message, as the user's words.
type QueueInstruction struct {
	ID   string `json:"id"`
	Text string `json:"text"`
}

// MessageCompletePayload is the payload of model.message_complete.
type MessageCompletePayload struct {
	Reply Reply `json:"reply"`
}

// ToolProposedPayload is the payload of tool.proposed, tool.prepared and
// tool.started: the ledger's record of one call.
type ToolProposedPayload struct {
	OpKey string   `json:"op_key"`
	Call  ToolCall `json:"call"`
	// ReplyMessageID identifies the assistant message the call came from.
	ReplyMessageID string `json:"reply_message_id,omitempty"`
}

// ToolCompletedPayload is the payload of tool.completed, tool.reused and
// tool.completion_unknown.
type ToolCompletedPayload struct {
	OpKey  string     `json:"op_key"`
	Result ToolResult `json:"result"`
}

// PolicyPayload is the payload of policy.decided, approval.required and
// approval.resolved.
type PolicyPayload struct {
	Decision Decision       `json:"decision,omitempty"`
	Risk     Risk           `json:"risk,omitempty"`
	Reason   string         `json:"reason,omitempty"`
	Subject  string         `json:"subject,omitempty"`
	Choice   ApprovalChoice `json:"choice,omitempty"`
	Rule     *Rule          `json:"rule,omitempty"`
	By       string         `json:"by,omitempty"`
	// Unconfined marks the question whether to re-run a call the sandbox
	// blocked without the sandbox, and its answer.
	Unconfined bool `json:"unconfined,omitempty"`
}

// RunEndPayload is the payload of run.completed, run.interrupted,
// run.failed and run.cancelled.
type RunEndPayload struct {
	Outcome      Outcome  `json:"outcome"`
	Reason       string   `json:"reason,omitempty"`
	Summary      string   `json:"summary,omitempty"`
	Changed      []string `json:"changed,omitempty"`
	Verification []string `json:"verification,omitempty"`
	// Denied describes the request's calls that were denied (not run).
	Denied []string `json:"denied,omitempty"`
	URLs   []string `json:"urls,omitempty"`
}

// ProtocolInvalidPayload is the payload of protocol.invalid.
type ProtocolInvalidPayload struct {
	Kind     string `json:"kind"`
	Err      string `json:"error"`
	Tool     string `json:"tool,omitempty"`
	Arg      string `json:"arg,omitempty"`
	Feedback string `json:"feedback"`
}

// ParsedPayload is the payload of protocol.parsed.
type ParsedPayload struct {
	Done    bool   `json:"done"`
	Message string `json:"message"`
	// Tool is the first call's tool; Tools names every call of the reply,
	// in order, when it holds several (format version 2).
	Tool  string   `json:"tool,omitempty"`
	Tools []string `json:"tools,omitempty"`
	Notes []string `json:"notes,omitempty"`
	// Repairs lists the lossless repairs the parser made (see
	// protocol.Repair*).
	Repairs []Repair `json:"repairs,omitempty"`
}

// ConversationPayload is the payload of conversation.started and
// conversation.rollover.
type ConversationPayload struct {
	// Cursor is the conversation URL or script position.
	Cursor string `json:"cursor"`
	// Reason says why a new conversation was started (rollover).
	Reason string `json:"reason,omitempty"`
}

// TextPayload is a payload with one human-readable text (model.progress,
// tool.output, browser.*, limits, refusals).
// The kinds of a model.progress TextPayload: a delta is the text added
// since the previous progress event of the turn; a snapshot replaces all
// of the turn's text so far.
const (
	ProgressDelta    = "delta"
	ProgressSnapshot = "snapshot"
)

type TextPayload struct {
	Text   string `json:"text"`
	Stream string `json:"stream,omitempty"`
	Kind   string `json:"kind,omitempty"`
}
