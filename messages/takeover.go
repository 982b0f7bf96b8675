package messages

import "github.com/wtagent/wtagent/session/event"

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
	Last event.Reply
}

// PageRead is what a handback found on the page.
type PageRead struct {
	State event.HandBackState
	Err   string
}

// PausedTakeover is Status.Paused during a manual takeover.
const PausedTakeover = "manual takeover"
