package messages

import (
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// ActorInfo describes one supervised actor for `wtagent status`.
type ActorInfo struct {
	// Path is the actor's place in the tree ("root/session/browser").
	Path string `json:"path"`
	// State is starting, running, restarting, stopping, stopped or failed.
	State       string    `json:"state"`
	Incarnation int       `json:"incarnation"`
	Restarts    int       `json:"restarts"`
	LastError   string    `json:"last_error,omitempty"`
	Since       time.Time `json:"since"`
}

// ActorChanged is sent to the status actor when a supervised actor starts,
// exits or restarts.
type ActorChanged struct {
	Info ActorInfo
	// Gone is true when the actor left the tree for good.
	Gone bool
}

// CurrentTool is the tool call running now.
type CurrentTool struct {
	CallID  string    `json:"call_id"`
	Name    string    `json:"name"`
	Summary string    `json:"summary"`
	Started time.Time `json:"started_at"`
	// ElapsedMS is filled in when a snapshot is taken.
	ElapsedMS int64 `json:"elapsed_ms"`
}

// StatusSnapshot asks the status actor for the session's live status; the
// reply is a Status.
type StatusSnapshot struct{}

// Status is the live state of one session, as `wtagent status` prints it.
type Status struct {
	SessionID  string           `json:"session_id"`
	PID        int              `json:"pid"`
	Root       string           `json:"project_root"`
	Provider   string           `json:"provider"`
	Sandbox    string           `json:"sandbox,omitempty"`
	Phase      event.Phase      `json:"phase"`
	Turn       int              `json:"turn"`
	ModelState event.ModelState `json:"model_state"`
	Cursor     string           `json:"conversation,omitempty"`
	// Mode is the newest ChatGPT mode selection on the page.
	Mode *event.ModeSelected `json:"mode,omitempty"`
	// Tool is the oldest tool call running; Tools are all of them, in
	// the order they started (the reads of a batch run at once).
	Tool        *CurrentTool        `json:"current_tool,omitempty"`
	Tools       []CurrentTool       `json:"running_tools,omitempty"`
	Processes   []event.ProcessInfo `json:"processes"`
	Actors      []ActorInfo         `json:"actors"`
	StartedAt   time.Time           `json:"started_at"`
	UpdatedAt   time.Time           `json:"updated_at"`
	Live        bool                `json:"live"`
	LastMessage string              `json:"last_message,omitempty"`
	// Queued are the user's instructions typed during the run and not yet
	// sent to the model.
	Queued []event.QueueInstruction `json:"queued,omitempty"`
	// Paused says why a live run is paused without ending
	// (PausedTakeover).
	Paused string `json:"paused,omitempty"`
}
