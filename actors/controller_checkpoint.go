package actors

import (
	"context"
	"github.com/wtagent/wtagent/protocol"
	"slices"
	"time"

	"github.com/wtagent/wtagent/checkpoint"
	"github.com/wtagent/wtagent/session/event"

	"github.com/anthdm/hollywood/actor"
)

// checkpointTime bounds one snapshot of the project.
const checkpointTime = 2 * time.Minute

// checkpointTaken reports a snapshot taken off the controller's goroutine.
type checkpointTaken struct {
	callID, when string
	payload      event.CheckpointPayload
	// changed are the files that differ from the snapshot before the
	// call (after it only).
	changed []string
}

// pendingCheckpoint is the snapshot the controller waits for and what it
// does next.
type pendingCheckpoint struct {
	callID, when string
	then         func(ctx *actor.Context, ok bool)
}

// wantsCheckpoint reports whether a call is snapshotted around.
// A sub-agent (agent.run) is not: it runs beside others, and its own log
// records its changes.
func (c *controller) wantsCheckpoint(call *event.ToolCall) bool {
	return c.cfg.Checkpoints != nil && !c.cfg.readOnly(call) && call.Name != protocol.ToolAgentRun
}

// takeCheckpoint snapshots the project in a goroutine; the snapshot is
// recorded (checkpoint.taken) and then runs. A failed snapshot is recorded
// and logged but never stops the run.
func (c *controller) takeCheckpoint(ctx *actor.Context, callID, tool, when string, then func(*actor.Context, bool)) {
	c.checkpoint = &pendingCheckpoint{callID: callID, when: when, then: then}
	store, e, self := c.cfg.Checkpoints, ctx.Engine(), ctx.PID()
	before := ""
	if when == checkpoint.After && c.before.callID == callID {
		before = c.before.id
	}
	go func() {
		tctx, cancel := context.WithTimeout(context.Background(), checkpointTime)
		defer cancel()
		p := event.CheckpointPayload{When: when, Tool: tool, Store: store.Kind()}
		id, err := store.Take(tctx)
		if err != nil {
			p.Error = err.Error()
		}
		p.ID = id
		var changed []string
		if before != "" && id != "" {
			changed = snapshotChanges(tctx, store, before, id)
		}
		e.Send(self, checkpointTaken{callID: callID, when: when, payload: p, changed: changed})
	}()
}

// snapshotChanges lists the files that differ between two snapshots; nil
// when either cannot be read (the claim check then has less to go on, the
// run nothing to fear).
func snapshotChanges(ctx context.Context, store checkpoint.Store, before, after string) []string {
	a, err := store.Manifest(ctx, before)
	if err != nil {
		return nil
	}
	b, err := store.Manifest(ctx, after)
	if err != nil {
		return nil
	}
	var out []string
	for _, fc := range checkpoint.Compare(a, b) {
		out = append(out, fc.Path)
	}
	return out
}

// checkpointDone records a snapshot and continues what waited for it.
func (c *controller) checkpointDone(ctx *actor.Context, m checkpointTaken) {
	w := c.checkpoint
	if w == nil || w.callID != m.callID || w.when != m.when {
		return // a snapshot of an earlier incarnation
	}
	c.checkpoint = nil
	if m.when == checkpoint.Before {
		c.before.callID, c.before.id = m.callID, m.payload.ID
	}
	for _, f := range m.changed {
		if !slices.Contains(c.snapshotChanged, f) {
			c.snapshotChanged = append(c.snapshotChanged, f)
		}
	}
	if m.payload.Error != "" {
		c.cfg.Logger.Warn("checkpoint: the project could not be snapshotted", "call", m.callID, "err", m.payload.Error)
	}
	c.record(ctx, event.EvCheckpoint, m.callID, m.payload, false, nil)
	w.then(ctx, m.payload.Error == "")
}
