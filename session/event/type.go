package event

// Type names a session event. The names are a public contract: the
// event log, `--json` output and exports use them.
type Type string

// The session event types.
const (
	EvSessionCreated Type = "session.created"
	EvRunStarted     Type = "run.started"
	EvRunCompleted   Type = "run.completed"
	EvRunInterrupted Type = "run.interrupted"
	EvRunFailed      Type = "run.failed"
	EvRunCancelled   Type = "run.cancelled"
	EvRunResumed     Type = "run.resumed"
	EvInstruction    Type = "session.instruction_added"
	EvQueued         Type = "session.instruction_queued"
	EvPhaseChanged   Type = "run.phase"
	// EvSecretMasked says secrets were masked in a message to the model.
	EvSecretMasked Type = "secret.masked"
	// EvSecretRevealed says the user let the model see one masked value
	// (its source, never the value).
	EvSecretRevealed Type = "secret.revealed"

	EvModelMessageSending  Type = "model.message_sending"
	EvModelMessageSent     Type = "model.message_sent"
	EvModelMessageComplete Type = "model.message_complete"
	EvModelProgress        Type = "model.progress"
	EvModelFailed          Type = "model.failed"
	EvModelState           Type = "model.state"

	EvProtocolInvalid Type = "protocol.invalid"
	EvProtocolParsed  Type = "protocol.parsed"

	EvToolProposed     Type = "tool.proposed"
	EvPolicyDecided    Type = "policy.decided"
	EvApprovalRequired Type = "approval.required"
	EvApprovalResolved Type = "approval.resolved"
	EvToolPrepared     Type = "tool.prepared"
	EvToolStarted      Type = "tool.started"
	EvToolOutput       Type = "tool.output"
	EvToolCompleted    Type = "tool.completed"
	EvToolReused       Type = "tool.reused"
	EvToolUnknown      Type = "tool.completion_unknown"
	EvProcessChanged   Type = "process.changed"
	EvDoneRefused      Type = "run.done_refused"
	// EvDoneAnswered records an answer back the done gate accepted: the
	// model said why one missing item does not apply (TextPayload: Kind
	// the item, Text the item and the reason).
	EvDoneAnswered      Type = "run.done_answered"
	EvLimitReached      Type = "run.limit_reached"
	EvBrowserStarted    Type = "browser.started"
	EvBrowserNote       Type = "browser.note"
	EvBrowserAuth       Type = "browser.auth_required"
	EvBrowserTakeover   Type = "browser.takeover_required"
	EvBrowserAuthed     Type = "browser.authenticated"
	EvBrowserCrashed    Type = "browser.crashed"
	EvBrowserAdapter    Type = "browser.adapter_update_required"
	EvConversationStart Type = "conversation.started"
	EvConversationMode  Type = "conversation.mode_selected"
	EvModeRequested     Type = "conversation.mode_requested"
	EvConversationRoll  Type = "conversation.rollover"

	EvCheckpoint    Type = "checkpoint.taken"
	EvUndoStarted   Type = "undo.started"
	EvUndoRestored  Type = "undo.restored"
	EvUndoCompleted Type = "undo.completed"
	EvUndoRefused   Type = "undo.refused"
)

// The manual takeover events: browser.manual_takeover (TakeoverPayload)
// when the user asks for the browser and when the run pauses for them,
// browser.handed_back (HandBackState) when they give it back.
const (
	EvManualTakeover Type = "browser.manual_takeover"
	EvHandedBack     Type = "browser.handed_back"
)
