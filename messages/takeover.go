package messages

// TakeOver asks the controller to pause the run at the next safe point (no
// tool half-run, no send in flight) and give the browser window to the
// user.
type TakeOver struct{}

// HandBack asks the controller to take the browser back after a manual
// takeover and continue the run from what the page shows now.
type HandBack struct{}

// ShowPage asks the model actor to give the page to the user; it answers
// PageShown.
type ShowPage struct{}

// PageShown reports that the page is the user's. Detail says where (or
// why there is no window to show).
type PageShown struct {
	Detail string
	Err    string
}

// ReadPage asks the model actor to take the page back after a takeover
// and read what the user did there since Last, the run's newest reply; it
// answers PageRead.
type ReadPage struct {
	Last Reply
}

// PageRead is what a handback found on the page.
type PageRead struct {
	State HandBackState
	Err   string
}

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

// PausedTakeover is Status.Paused during a manual takeover.
const PausedTakeover = "manual takeover"

// The manual takeover events: browser.manual_takeover (TakeoverPayload)
// when the user asks for the browser and when the run pauses for them,
// browser.handed_back (HandBackState) when they give it back.
const (
	EvManualTakeover EventType = "browser.manual_takeover"
	EvHandedBack     EventType = "browser.handed_back"
)
