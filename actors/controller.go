package actors

import (
	"cmp"

	"github.com/anthdm/hollywood/actor"
	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/actors/subagent"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/session"
	"github.com/wtagent/wtagent/supervisor"
)

// controller is the turn controller: the state machine that sends messages
// to the model, has replies parsed, checks calls with policy and approval,
// runs tools and sends their results back, until the model is done. Its
// state is the event log: on start it replays the log, and every event it
// records it also applies to that replay, so a restarted controller picks
// up exactly where the last one stopped.
type controller struct {
	cfg *Config
	p   pids
	sid string
	fsm *phaseMachine
	rp  *session.Replay
	// seq is the sequence number of the last event recorded.
	seq int64
	// commits are the continuations waiting for synced appends, in order.
	commits []func(*actor.Context)
	// restored is set once the log has been replayed; StartRuns that come
	// earlier are held.
	restored bool
	held     []messages.StartRun
	// heldPause is a pause asked for before the log was replayed, taken
	// once the held runs started (a sub-agent paused as it starts).
	heldPause string

	connected, connecting bool
	modelInc              int

	last  lastReply
	run   *runState
	procs map[string]event.ProcessInfo
	// parsers counts parser children, for unique IDs.
	parsers int64
	// refs correlates the requests it sends the session supervisor with
	// their replies.
	refs supervisor.Refs
	// sentFiles are the instruction files (AGENTS.md …) this
	// conversation has been sent.
	sentFiles map[string]bool
	// nextConversation is a fresh conversation the user asked for
	// (convNew, convCompact), taken by the next run.
	nextConversation string
	// checkpoints are the project snapshots being taken, by call and
	// when (write sub-agents of one reply run, and are snapshotted, at once).
	checkpoints map[string]*pendingCheckpoint
	// ending is the end of a run whose run.* event is being made durable:
	// sent once it is, or (unlogged) when the log fails.
	ending *messages.RunFinished
	// takeoverAtCrash is set when the log ends in a manual takeover: the
	// next run reads the page before it goes on.
	takeoverAtCrash bool
	// request is the ChatGPT (mode, effort) the user asked for at the
	// prompt (/mode, /effort); nil is the configured one.
	request *messages.SetMode
}

// lastReply is the newest model reply and whether it was handled (parsed or
// refused); an unhandled one is parsed again after a restart.
type lastReply struct {
	reply   *event.Reply
	handled bool
}

// runDeadline fires when a run has taken its whole RunDuration.
type runDeadline struct{ gen int64 }

func newController(cfg *Config, p pids) actor.Producer {
	return func() actor.Receiver {
		return &controller{cfg: cfg, p: p, sid: cfg.Session.ID(), fsm: newPhaseMachine(),
			rp: session.NewReplay(), procs: map[string]event.ProcessInfo{}}
	}
}

// Receive implements actor.Receiver.
func (c *controller) Receive(ctx *actor.Context) {
	switch m := ctx.Message().(type) {
	case actor.Started:
		if c.cfg.confined != nil {
			subagent.CrashHook(c.cfg.confined.Agent)
		}
		ctx.Send(c.p.eventlog, messages.ReadEvents{})
	case messages.EventBatch:
		c.restore(ctx, m.Events)
	case messages.Appended:
		c.committed(ctx)
	case messages.AppendFailed:
		c.logFailed(ctx, m)
	case messages.StartRun:
		if !c.restored {
			c.held = append(c.held, m)
			return
		}
		c.startRun(ctx, m)
	case messages.PauseRun:
		if !c.restored {
			c.heldPause = cmp.Or(m.Reason, "paused by the user")
			return
		}
		c.requestPause(ctx, m.Reason)
	case messages.CancelRun:
		c.cancelRun(ctx, m.Reason)
	case runDeadline:
		if c.run != nil && c.run.gen == m.gen {
			c.requestPause(ctx, "the run took its whole time limit ("+c.cfg.Limits.RunDuration.String()+")")
		}
	case supervisor.ChildStarted:
		c.childStarted(ctx, m)
	case supervisor.ChildExited:
		c.childExited(ctx, m)
	case messages.ModelStateChanged:
		c.modelState(ctx, m)
	case event.ModeSelected:
		c.record(ctx, event.EvConversationMode, "", m, false, nil)
	case messages.ModelConnected:
		c.modelConnected(ctx, m)
	case messages.ModelSent:
		c.modelSent(ctx, m)
	case messages.ModelReplied:
		c.modelReplied(ctx, m)
	case messages.ModelFailed:
		c.modelFailed(ctx, m)
	case messages.ParsedTurn:
		c.parsedTurn(ctx, m)
	case messages.ParseFailed:
		c.parseFailed(ctx, m)
	case messages.Verdict:
		c.verdict(ctx, m)
	case messages.ApprovalAnswer:
		c.approvalAnswer(ctx, m)
	case event.ToolResult:
		c.toolResult(ctx, m)
	case messages.ProcessEvent:
		c.processEvent(ctx, m)
	case checkpointTaken:
		c.checkpointDone(ctx, m)
	case newConversation:
		c.requestNewConversation(ctx, m)
	case recordEvent:
		c.recordExternal(ctx, m)
	case event.QueueInstruction:
		// Synced: a queued instruction survives a crash and is sent after
		// resume.
		c.record(ctx, event.EvQueued, "", m, true, nil)
	case messages.TakeOver:
		c.requestTakeover(ctx)
	case messages.HandBack:
		c.handBack(ctx)
	case messages.PageShown:
		c.pageShown(ctx, m)
	case messages.PageRead:
		c.pageRead(ctx, m)
	case messages.SetMode:
		c.request = &m
		c.record(ctx, event.EvModeRequested, "", event.ModePayload(m), false, nil)
		ctx.Send(c.p.model, m)
	case supervisor.ChildStartResult:
		c.parserStarted(ctx, m)
	case actor.Stopped:
		if c.run != nil {
			c.run.stopTimer()
		}
	}
}

// record appends an event of the current turn; see appendEvent.
func (c *controller) record(ctx *actor.Context, t event.Type, callID string, payload any, sync bool, then func(*actor.Context)) {
	c.appendEvent(ctx, newEvent(t, c.sid, c.turn(), callID, payload), sync, then)
}

// committed runs the continuation of the oldest synced append.
func (c *controller) committed(ctx *actor.Context) {
	if len(c.commits) == 0 {
		return
	}
	then := c.commits[0]
	c.commits = c.commits[1:]
	if then != nil {
		then(ctx)
	}
}

// turn is the current turn number.
func (c *controller) turn() int { return c.rp.Turn }

// inDoubt is the message whose send was logged but never confirmed.
func (c *controller) inDoubt() *event.MessageSentPayload {
	p, err := c.rp.InDoubt()
	if err != nil {
		c.cfg.Logger.Error("event log: unreadable send intent", "err", err)
		return nil
	}
	return p
}
