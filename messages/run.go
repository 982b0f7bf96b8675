package messages

// Phase is the turn controller's state.
type Phase string

// The controller states. From any state the run can also move to
// PhasePaused, PhaseRecovering, PhaseFailed or PhaseCancelled.
const (
	PhaseInitializing         Phase = "INITIALIZING"
	PhaseBrowserStarting      Phase = "BROWSER_STARTING"
	PhaseAuthRequired         Phase = "AUTH_REQUIRED"
	PhaseReady                Phase = "READY"
	PhaseConversationStarting Phase = "CONVERSATION_STARTING"
	PhaseSending              Phase = "SENDING"
	PhaseWaitingModel         Phase = "WAITING_MODEL"
	PhaseParsing              Phase = "PARSING"
	PhaseApprovalRequired     Phase = "APPROVAL_REQUIRED"
	PhaseExecuting            Phase = "EXECUTING"
	PhaseSendingResult        Phase = "SENDING_RESULT"
	PhaseCompleted            Phase = "COMPLETED"
	PhasePaused               Phase = "PAUSED"
	PhaseRecovering           Phase = "RECOVERING"
	PhaseFailed               Phase = "FAILED"
	PhaseCancelled            Phase = "CANCELLED"
	// PhaseTakeover is a live run paused while the user has the browser.
	PhaseTakeover Phase = "MANUAL_TAKEOVER"
)

// Outcome is how a run ended.
type Outcome string

// The run outcomes and their CLI exit codes (see ExitCode).
const (
	OutcomeCompleted   Outcome = "completed"   // exit 0
	OutcomeFailed      Outcome = "failed"      // exit 1
	OutcomeInterrupted Outcome = "interrupted" // exit 3: a limit or a pause; resumable
	OutcomeCancelled   Outcome = "cancelled"   // exit 130
)

// StartRun tells the controller to begin (or, on resume, continue) a run.
type StartRun struct {
	// Task is the user's task (a new run) or new instruction (a resume or a
	// follow-up); empty on a plain resume.
	Task string
	// Attachments are project files named with @path in the task.
	Attachments []string
	// Note is wtagent's own word to the model before the task (what an
	// undo put back): sent with it, but no request of the user's.
	Note string
}

// PauseRun asks for a safe pause after the current step; the session stays
// resumable.
type PauseRun struct {
	Reason string
}

// CancelRun stops the run now: running tools' process trees are killed.
type CancelRun struct {
	Reason string
}

// RunFinished reports the end of a run to whoever started it.
type RunFinished struct {
	SessionID string
	Outcome   Outcome
	// Reason explains an interruption or failure.
	Reason string
	// Summary is the model's final message.
	Summary string
	// Changed lists the files changed during the run.
	Changed []string
	// Verification lists the commands that verified the work.
	Verification []string
	// URLs lists local URLs of running dev servers.
	URLs  []string
	Turns int
	// Unlogged is set when the end could not be logged (the event log
	// failed), so nothing drew it: whoever started the run says Reason.
	Unlogged bool
}

// PhaseChanged reports a controller state transition.
type PhaseChanged struct {
	From   Phase  `json:"from"`
	To     Phase  `json:"to"`
	Turn   int    `json:"turn"`
	Reason string `json:"reason,omitempty"`
}
