package actors

import (
	"encoding/json"
	"errors"

	"github.com/wtagent/wtagent/session/event"

	"github.com/anthdm/hollywood/actor"
	"github.com/wtagent/wtagent/supervisor"
)

// Conversation resets the user can ask for between runs.
const (
	// convNew starts the next run in a new conversation with a fresh
	// bootstrap and the next prompt as its task.
	convNew = "new"
	// convCompact starts the next run in a new conversation from a local
	// checkpoint of the session (a rollover on request).
	convCompact = "compact"
)

// newConversation asks the controller to start the next run in a fresh
// conversation (Kind convNew or convCompact). The reply is recorded{} or
// an error. It is a supervisor.Request: a controller that fails before
// answering answers with a supervisor.RequestFailed.
type newConversation struct {
	supervisor.Ask
	kind string
}

// recordEvent asks the controller to append an event made outside the
// actor tree (an undo from the prompt), so the log keeps one numbering.
// The reply is recorded{} once the event is appended (and fsynced, for a
// synced one). It is a supervisor.Request, as newConversation.
type recordEvent struct {
	supervisor.Ask
	typ     event.Type
	payload json.RawMessage
	sync    bool
}

type recorded struct{}

// errRunActive refuses what may only happen between runs.
var errRunActive = errors.New("a run is in progress")

func (c *controller) requestNewConversation(ctx *actor.Context, m newConversation) {
	if c.run != nil {
		ctx.Respond(errRunActive)
		return
	}
	c.nextConversation = m.kind
	ctx.Respond(recorded{})
}

func (c *controller) recordExternal(ctx *actor.Context, m recordEvent) {
	if c.run != nil {
		ctx.Respond(errRunActive)
		return
	}
	sender := ctx.Sender()
	c.record(ctx, m.typ, "", m.payload, m.sync, func(ctx *actor.Context) { ctx.Send(sender, recorded{}) })
}

// freshConversation prepares a run that the user asked to start in a new
// conversation.
func (c *controller) freshConversation(kind string) {
	c.connected = false
	switch kind {
	case convNew:
		c.run.newConversation = true
	case convCompact:
		c.run.rollover, c.run.compact = true, true
	}
}
