package session

import (
	"slices"

	"github.com/wtagent/wtagent/session/event"
)

// RequestWork is what the current request (the task or instruction a run
// started with; a resume without one keeps the last) did: the run's end
// reports it, never what earlier requests did.
type RequestWork struct {
	// Changed lists the project files changed since the request began,
	// by file tools and by commands alike (the snapshots around a call
	// name what a command changed), in the order first changed.
	Changed []string
	// Verifications describes the request's successful verifying calls.
	Verifications []string
	// Denied are the op keys of the request's calls that were denied.
	Denied []string
}

// beginRequest starts a new request's account.
func (r *Replay) beginRequest() {
	r.Request = RequestWork{}
}

// requestChanged adds files to the request's changes.
func (r *Replay) requestChanged(files []string) {
	for _, f := range files {
		if !slices.Contains(r.Request.Changed, f) {
			r.Request.Changed = append(r.Request.Changed, f)
		}
	}
}

// requestCheckpoint adds what a snapshot after a call found changed.
func (r *Replay) requestCheckpoint(ev event.Event) error {
	var p event.CheckpointPayload
	if err := event.DecodePayload(ev, &p); err != nil {
		return err
	}
	r.requestChanged(p.Changed)
	for _, f := range p.Changed {
		if !slices.Contains(r.SnapshotChanged, f) {
			r.SnapshotChanged = append(r.SnapshotChanged, f)
		}
	}
	return nil
}

// requestResult adds a completed call to the request's account.
func (r *Replay) requestResult(p completedHead, verified string) {
	res := p.Result
	r.requestChanged(res.Changed)
	if verified != "" {
		r.Request.Verifications = append(r.Request.Verifications, verified)
	}
	if res.Status == event.ToolDenied {
		r.Request.Denied = append(r.Request.Denied, p.OpKey)
	}
}
