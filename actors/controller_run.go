package actors

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/session"
	"github.com/wtagent/wtagent/supervisor"
)

// restore rebuilds the controller from the event log. A run that was live
// in this very process (the controller itself crashed and was restarted)
// goes on by itself; otherwise the controller waits for a StartRun.
func (c *controller) restore(ctx *actor.Context, events []event.Event) {
	rp, err := session.BuildReplay(events)
	if err != nil {
		supervisor.Exit(ctx, fmt.Errorf("controller: replay the event log: %w", err))
		return
	}
	c.rp, c.seq = rp, rp.LastSeq
	open, pid := false, 0
	for _, ev := range events {
		c.trackReply(ev)
		switch ev.Type {
		case event.EvRunStarted, event.EvRunResumed:
			var p event.RunStartedPayload
			_ = json.Unmarshal(ev.Payload, &p)
			open, pid = true, p.PID
		case event.EvRunCompleted, event.EvRunInterrupted, event.EvRunFailed, event.EvRunCancelled:
			open = false
		case event.EvProcessChanged:
			var p event.ProcessPayload
			if json.Unmarshal(ev.Payload, &p) == nil {
				c.procs[p.Info.ID] = p.Info
			}
		}
	}
	c.restored = true
	c.takeoverAtCrash = open && rp.Phase == event.PhaseTakeover
	if pid != c.cfg.PID {
		c.forgetEarlierProcesses()
	}
	if open && pid == c.cfg.PID {
		c.cfg.Logger.Warn("controller restarted mid-run; continuing from the event log", "seq", c.seq)
		c.run = c.newRun()
		c.enter(ctx, event.PhaseRecovering)
		c.drive(ctx)
	}
	held := c.held
	c.held = nil
	for _, m := range held {
		c.startRun(ctx, m)
	}
	if why := c.heldPause; why != "" {
		c.heldPause = ""
		c.requestPause(ctx, why)
	}
}

// startRun begins a run: the first one of a session, a resume, or a
// follow-up in an interactive session.
func (c *controller) startRun(ctx *actor.Context, m messages.StartRun) {
	if m.Note != "" {
		m.Task = m.Note + "\n\n" + m.Task
	}
	if c.run != nil {
		if t := strings.TrimSpace(m.Task); t != "" {
			c.record(ctx, event.EvInstruction, "", event.TextPayload{Text: t}, false, nil)
			c.run.instruction = t
		}
		return
	}
	conv := c.nextConversation
	c.nextConversation = ""
	fresh := c.rp.Replies == 0 && c.rp.Pending == nil && c.inDoubt() == nil && c.rp.Task == ""
	typ := event.EvRunResumed
	if fresh {
		typ = event.EvRunStarted
	}
	c.run = c.newRun()
	c.run.attachments = m.Attachments
	if conv != "" && !fresh {
		c.freshConversation(conv)
		fresh = conv == convNew
	}
	req := messages.SetMode{Mode: c.cfg.Mode, Effort: c.cfg.Effort}
	if c.request != nil {
		req = *c.request
	}
	payload := event.RunStartedPayload{Task: m.Task, Note: m.Note, Root: c.cfg.Root, Provider: c.cfg.Provider,
		Attachments: m.Attachments, PID: c.cfg.PID, Mode: req.Mode, Effort: req.Effort, Sandbox: c.cfg.Sandbox.Summary(),
		Warnings: c.cfg.Warnings}
	c.record(ctx, typ, "", payload, true, nil)
	if fresh {
		c.run.next = &messages.Outbound{Kind: event.OutboundBootstrap, Attachments: m.Attachments,
			Text: protocol.Bootstrap(protocol.BootstrapInput{Task: m.Task, RootName: filepath.Base(c.cfg.Root),
				Catalogue: c.cfg.Catalogue, Attachments: c.relative(m.Attachments), Mode: string(c.cfg.Approvals),
				Instructions: c.newConversationFiles(c.relative(m.Attachments)...)})}
	} else if t := strings.TrimSpace(m.Task); t != "" {
		c.run.instruction = t
	}
	c.armDeadline(ctx)
	if c.connected {
		c.enter(ctx, event.PhaseReady)
	}
	c.drive(ctx)
}

func (c *controller) newRun() *runState {
	r := &runState{gen: c.seq + 1}
	if c.takeoverAtCrash {
		// Stopped during a takeover: the page is read first (see
		// modelConnected).
		c.takeoverAtCrash = false
		r.takeover, r.reread = takeoverActive, true
	}
	return r
}

// armDeadline limits the run's duration with a timer message.
func (c *controller) armDeadline(ctx *actor.Context) {
	e, self, gen := ctx.Engine(), ctx.PID(), c.run.gen
	c.run.timer = time.AfterFunc(c.cfg.Limits.RunDuration, func() { e.Send(self, runDeadline{gen: gen}) })
}

// relative maps attachment paths to project-relative ones for the prompt.
func (c *controller) relative(paths []string) []string {
	out := make([]string, 0, len(paths))
	for _, p := range paths {
		if rel, err := filepath.Rel(c.cfg.Root, p); err == nil && !strings.HasPrefix(rel, "..") {
			p = rel
		}
		out = append(out, filepath.ToSlash(p))
	}
	return out
}

// drive decides the next step of a run from the log: wait for a reply in
// flight, resend an unconfirmed message, parse an unhandled reply, finish an
// interrupted tool call, send what is planned, or nudge the model on.
func (c *controller) drive(ctx *actor.Context) {
	r := c.run
	if r == nil {
		return
	}
	if !c.connected {
		c.connect(ctx)
		return
	}
	if r.pause != "" {
		c.interrupt(ctx, r.pause)
		return
	}
	if r.takeover == takeoverActive || r.takeover == takeoverReading {
		return // the page is the user's until the handback is read
	}
	switch {
	case c.rp.Pending != nil:
		c.enter(ctx, event.PhaseWaitingModel)
		ctx.Send(c.p.model, messages.AwaitModel{Binding: *c.rp.Pending})
	case c.inDoubt() != nil:
		// The message may have reached the conversation before a crash:
		// look for it (by its text) before sending it again.
		s := c.inDoubt()
		r.probe = s
		c.enter(ctx, event.PhaseWaitingModel)
		sum := sha256.Sum256([]byte(s.Text))
		ctx.Send(c.p.model, messages.AwaitModel{Binding: event.Binding{Turn: c.turn(), Cursor: c.rp.Cursor,
			TextSHA256: hex.EncodeToString(sum[:]), Probe: true}})
	case c.last.reply != nil && !c.last.handled:
		c.parse(ctx, *c.last.reply)
	default:
		if recs := c.unfinishedBatch(); len(recs) > 0 {
			c.recoverCalls(ctx, recs)
			return
		}
		if out := r.next; out != nil {
			r.next = nil
			c.sendText(ctx, out.Kind, out.Text, nil, out.Attachments)
			return
		}
		if t := r.instruction; t != "" {
			r.instruction = ""
			c.sendText(ctx, event.OutboundFollowUp, protocol.FollowUp(t), nil, r.attachments)
			return
		}
		c.sendText(ctx, event.OutboundContinue, protocol.Continue(
			"The session was resumed. Continue the task from where it stopped; do not repeat tool calls whose results you already have."), nil, nil)
	}
}

// enter moves the state machine to phase p: directly when that is a legal
// edge, otherwise through RECOVERING (which every running phase may enter
// and which reaches every working phase). A transition that is still
// illegal is rejected: the phase stays and the bug is logged.
func (c *controller) enter(ctx *actor.Context, p event.Phase) {
	from := c.fsm.phase
	if from == p {
		return
	}
	if !c.fsm.allowed(from, p) && p != event.PhaseRecovering && c.fsm.allowed(from, event.PhaseRecovering) &&
		c.fsm.allowed(event.PhaseRecovering, p) {
		c.enter(ctx, event.PhaseRecovering)
		from = c.fsm.phase
	}
	if err := c.fsm.to(p); err != nil {
		c.cfg.Logger.Error("controller state machine", "err", err)
		return
	}
	c.record(ctx, event.EvPhaseChanged, "", event.PhaseChanged{From: from, To: p, Turn: c.turn()}, false, nil)
}

// forgetEarlierProcesses marks the dev servers an earlier wtagent process
// started as exited: they died with it (or at least are not this process's
// to manage), so a resumed run's "Running at" lists none of them.
func (c *controller) forgetEarlierProcesses() {
	for id, p := range c.procs {
		switch p.State {
		case event.ProcessStarting, event.ProcessRunning, event.ProcessReady:
			p.State = event.ProcessExited
			c.procs[id] = p
		}
	}
}
