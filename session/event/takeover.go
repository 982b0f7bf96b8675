package event

// ManualMessage is a message the user sent in the page by hand.
type ManualMessage struct {
	ID   string `json:"id,omitempty"`
	Text string `json:"text"`
}

// HandBackState is the page as the user left it.
type HandBackState struct {
	// Manual are the messages the user sent by hand after the run's
	// newest reply, oldest first.
	Manual []ManualMessage `json:"manual,omitempty"`
	// Binding binds the newest of them: its reply is the model's next
	// reply to the run (never sent again by wtagent).
	Binding *Binding `json:"binding,omitempty"`
	// Cursor is the run's conversation.
	Cursor string `json:"cursor,omitempty"`
	// Model is the model the page shows now, when known.
	Model string `json:"model,omitempty"`
	// Notes say what else the user changed (a page navigated away from the
	// conversation, another model).
	Notes []string `json:"notes,omitempty"`
}

// TakeoverPayload is the payload of browser.manual_takeover: State is
// "requested" (the run pauses at the next safe point), "active" (paused:
// the page is the user's) or "cancelled" (handed back before the pause).
type TakeoverPayload struct {
	State  string `json:"state"`
	Detail string `json:"detail,omitempty"`
}

// The takeover states.
const (
	TakeoverRequested = "requested"
	TakeoverActive    = "active"
	TakeoverCancelled = "cancelled"
)
