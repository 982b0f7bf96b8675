package actors

import (
	"path/filepath"

	"github.com/wtagent/wtagent/session/event"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/protocol"
)

// startRollover opens a fresh conversation when the current one is too
// long; the new one starts from a local checkpoint, not the whole history.
func (c *controller) startRollover(ctx *actor.Context) {
	r := c.run
	if r.rollover {
		c.interrupt(ctx, "a fresh conversation was too long as well")
		return
	}
	r.rollover = true
	c.connected = false
	c.enter(ctx, event.PhaseRecovering)
	c.connect(ctx)
}

// rolledOver sends the checkpoint into the fresh conversation, with the
// message the old one could not take.
func (c *controller) rolledOver(ctx *actor.Context, cursor string) {
	r := c.run
	r.rollover = false
	reason := "the conversation was too long; continuing in a new one from a local checkpoint"
	if r.compact {
		r.compact = false
		reason = "the user asked to compact the conversation (/compact); continuing in a new one from a local checkpoint"
	}
	c.record(ctx, event.EvConversationRoll, "", event.ConversationPayload{Cursor: cursor, Reason: reason}, false, nil)
	cp := protocol.Checkpoint{Goal: c.rp.Task, Changed: c.rp.Changed, Verification: dedupe(c.rp.Verifications),
		OpenItems: c.rp.Instructions, LastMessage: c.rp.LastMessage, Instructions: c.newConversationFiles(c.rp.Changed...)}
	body := protocol.Rollover(cp, c.cfg.Catalogue, filepath.Base(c.cfg.Root))
	ops := r.lastOps
	switch {
	case r.lastKind == event.OutboundToolResult && r.lastBody != "":
		body += "\n\n" + r.lastBody
	case r.instruction != "":
		// A rollover the user asked for (/compact): the new instruction
		// goes with the checkpoint.
		body += "\n\n" + protocol.FollowUp(r.instruction)
		r.instruction, ops = "", nil
	default:
		ops = nil
	}
	c.sendText(ctx, event.OutboundRollover, body, ops, nil)
}
