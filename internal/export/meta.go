package export

import (
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// Meta is what an export needs of session.json: the session id, its
// project root, model provider, approvals mode, the wtagent version and
// the creation time. Empty fields are filled from the events where they
// tell them (run.started, the first event).
type Meta struct {
	ID           string
	Root         string
	Provider     string
	Approvals    string
	AgentVersion string
	Created      time.Time
	// Agents are the events of the session's sub-agents by their
	// session id (the base of an agent.run result's session directory):
	// the Claude Code export writes each as a sidechain.
	Agents map[string][]event.Event
}
