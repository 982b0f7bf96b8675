package messages

import "github.com/wtagent/wtagent/session/event"

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
	Outcome   event.Outcome
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
	// Usage is set when the run failed on a usage error found only on the
	// page (a mode the picker does not offer): the command exits 2.
	Usage bool
	// Unlogged is set when the end could not be logged (the event log
	// failed), so nothing drew it: whoever started the run says Reason.
	Unlogged bool
}
