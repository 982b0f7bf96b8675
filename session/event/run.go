package event

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
	// OutcomeRefused: ChatGPT's content policy blocked the message or the
	// reply (recorded as a run.failed event); exit 1, resumable with
	// other words.
	OutcomeRefused Outcome = "refused"
)

// PhaseChanged reports a controller state transition.
type PhaseChanged struct {
	From   Phase  `json:"from"`
	To     Phase  `json:"to"`
	Turn   int    `json:"turn"`
	Reason string `json:"reason,omitempty"`
}
