package actors

import (
	"context"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/checkpoint"
)

// checkpointTime bounds one snapshot of the project.
const checkpointTime = 2 * time.Minute

// checkpointTaken reports a snapshot taken off the controller's goroutine.
type checkpointTaken struct {
	callID, when string
	payload      event.CheckpointPayload
}

// pendingCheckpoint is the snapshot the controller waits for and what it
// does next.
type pendingCheckpoint struct {
	callID, when string
	// then goes on with the snapshot's id, empty when none was taken.
	then func(ctx *actor.Context, id string)
}

// wantsCheckpoint reports whether a call is snapshotted around: every call
// with side effects, a write sub-agent (agent.run) too, so that diff and
// undo of the main session show and undo its changes as the call's.
func (c *controller) wantsCheckpoint(call *event.ToolCall) bool {
	return c.cfg.Checkpoints != nil && !c.cfg.readOnly(call)
}

// takeCheckpoint snapshots the project in a goroutine; the snapshot is
// recorded (checkpoint.taken) and then runs. A snapshot after a call
// records the files that differ from before, the snapshot of that id. A
// failed snapshot is recorded and logged but never stops the run.
func (c *controller) takeCheckpoint(ctx *actor.Context, callID, tool, when, before string, then func(*actor.Context, string)) {
	if c.checkpoints == nil {
		c.checkpoints = map[string]*pendingCheckpoint{}
	}
	c.checkpoints[callID+"/"+when] = &pendingCheckpoint{callID: callID, when: when, then: then}
	store, e, self, log := c.cfg.Checkpoints, ctx.Engine(), ctx.PID(), c.cfg.Logger
	go func() {
		tctx, cancel := context.WithTimeout(context.Background(), checkpointTime)
		defer cancel()
		p := event.CheckpointPayload{When: when, Tool: tool, Store: store.Kind()}
		id, err := store.Take(tctx)
		if err != nil {
			p.Error = err.Error()
		}
		p.ID = id
		if before != "" && err == nil {
			if p.Changed, err = checkpoint.ChangedPaths(tctx, store, before, id); err != nil {
				log.Warn("checkpoint: the changed files could not be listed", "call", callID, "err", err)
			}
		}
		e.Send(self, checkpointTaken{callID: callID, when: when, payload: p})
	}()
}

// checkpointDone records a snapshot and continues what waited for it.
func (c *controller) checkpointDone(ctx *actor.Context, m checkpointTaken) {
	w := c.checkpoints[m.callID+"/"+m.when]
	if w == nil {
		return // a snapshot of an earlier incarnation
	}
	delete(c.checkpoints, m.callID+"/"+m.when)
	if m.payload.Error != "" {
		c.cfg.Logger.Warn("checkpoint: the project could not be snapshotted", "call", m.callID, "err", m.payload.Error)
	}
	c.record(ctx, event.EvCheckpoint, m.callID, m.payload, false, nil)
	id := m.payload.ID
	if m.payload.Error != "" {
		id = ""
	}
	w.then(ctx, id)
}
