package actors

import (
	"strings"

	"github.com/wtagent/wtagent/session/event"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/supervisor"
)

// connect starts the model transport on the session's conversation.
func (c *controller) connect(ctx *actor.Context) {
	if c.connecting {
		return
	}
	c.connecting = true
	c.enter(ctx, event.PhaseBrowserStarting)
	cursor := c.rp.Cursor
	if c.run != nil && (c.run.rollover || c.run.newConversation) {
		cursor = ""
	}
	ctx.Send(c.p.model, messages.ConnectModel{Cursor: cursor})
}

func (c *controller) modelConnected(ctx *actor.Context, m messages.ModelConnected) {
	c.connecting, c.connected = false, true
	if c.run == nil {
		return
	}
	c.enter(ctx, event.PhaseReady)
	if c.run.rollover {
		c.rolledOver(ctx, m.Cursor)
		return
	}
	p := event.ConversationPayload{Cursor: m.Cursor}
	if c.run.newConversation {
		c.run.newConversation = false
		p.Reason = "the user asked for a new conversation (/new)"
	}
	c.record(ctx, event.EvConversationStart, "", p, false, nil)
	if c.run.reread {
		c.run.reread = false
		c.record(ctx, event.EvBrowserNote, "", event.TextPayload{Text: "wtagent stopped during a manual takeover: reading the page for anything sent by hand"}, false, nil)
		c.handBack(ctx)
		return
	}
	c.drive(ctx)
}

func (c *controller) modelState(ctx *actor.Context, m messages.ModelStateChanged) {
	c.record(ctx, event.EvModelState, "", event.ModelStatePayload(m), false, nil)
	switch m.State {
	case event.ModelAuthRequired:
		c.enter(ctx, event.PhaseAuthRequired)
		c.record(ctx, event.EvBrowserAuth, "", event.TextPayload{Text: m.Detail}, false, nil)
	case event.ModelTakeoverRequired:
		c.enter(ctx, event.PhaseAuthRequired)
		c.record(ctx, event.EvBrowserTakeover, "", event.TextPayload{Text: m.Detail}, false, nil)
	case event.ModelReady:
		if c.fsm.phase == event.PhaseAuthRequired {
			c.record(ctx, event.EvBrowserAuthed, "", event.TextPayload{Text: m.Detail}, false, nil)
		}
	}
}

// sendText sends one message to the model: it records the intent (synced),
// then asks the model actor to send it. Every message gets its one system
// reminder here.
func (c *controller) sendText(ctx *actor.Context, kind event.OutboundKind, body string, ops, attachments []string) {
	r := c.run
	if r == nil {
		return
	}
	if r.pause != "" {
		c.interrupt(ctx, r.pause)
		return
	}
	if c.holdSend(ctx, heldSend{kind: kind, body: body, ops: ops, attachments: attachments}) {
		return
	}
	if r.replies >= c.cfg.Limits.MaxTurns {
		c.limit(ctx, "max-turns", "the run used its %d model turns", c.cfg.Limits.MaxTurns)
		return
	}
	body, ops, attachments = r.withCarry(body, ops, attachments)
	var queued []string
	if q := c.rp.Queued; len(q) > 0 {
		texts := make([]string, len(q))
		for i, x := range q {
			texts[i], queued = x.Text, append(queued, x.ID)
		}
		body += "\n\n" + protocol.UserMessages(texts)
	}
	// The one place every message to the model is built: secrets are
	// masked here, said in the message and shown to the user.
	text, masked := c.maskOutbound(protocol.WithReminderFor(body, c.cfg.Catalogue))
	if len(masked) > 0 {
		what := strings.Join(masked, ", ")
		text += "\n[wtagent masked secret values in this message (" + what + "); they are not available to you]"
		c.record(ctx, event.EvSecretMasked, "", event.TextPayload{Text: "masked secrets in the message to the model: " + what}, false, nil)
	}
	r.lastBody, r.lastKind, r.lastOps = body, kind, ops
	if c.fsm.phase != event.PhaseSendingResult {
		c.enter(ctx, event.PhaseSending)
	}
	turn := c.turn() + 1
	out := messages.Outbound{Turn: turn, Kind: kind, Text: text, Attachments: attachments}
	ev := newEvent(event.EvModelMessageSending, c.sid, turn, "",
		event.MessageSentPayload{Kind: kind, Text: text, ResultOps: ops, Attachments: attachments, Queued: queued})
	c.appendEvent(ctx, ev, true, func(ctx *actor.Context) {
		ctx.Send(c.p.model, messages.SendToModel{Message: out})
	})
}

func (c *controller) modelSent(ctx *actor.Context, m messages.ModelSent) {
	s := c.inDoubt()
	if c.run == nil || s == nil {
		return
	}
	c.enter(ctx, event.PhaseWaitingModel)
	// Synced: once the page's request left, the message is sent, and a
	// resume after a crash must wait for its reply, never send it again.
	c.record(ctx, event.EvModelMessageSent, "", event.MessageSentPayload{Kind: s.Kind, Binding: m.Binding,
		ResultOps: s.ResultOps, Attachments: s.Attachments}, true, nil)
}

func (c *controller) modelReplied(ctx *actor.Context, m messages.ModelReplied) {
	r := c.run
	if r != nil && r.probe != nil && m.Reply.Binding.Turn == c.turn() {
		// The message in doubt was in the conversation after all.
		p := r.probe
		r.probe = nil
		b := m.Reply.Binding
		b.Probe = false
		c.record(ctx, event.EvModelMessageSent, "", event.MessageSentPayload{Kind: p.Kind, Binding: b,
			ResultOps: p.ResultOps, Attachments: p.Attachments}, false, nil)
		m.Reply.Binding = b
	}
	if r == nil || c.rp.Pending == nil || m.Reply.Binding.Turn != c.rp.Pending.Turn {
		return // a reply to a message this run no longer waits for
	}
	r.replies++
	r.timeoutRetried = false
	c.record(ctx, event.EvModelMessageComplete, "", event.MessageCompletePayload{Reply: m.Reply}, false, nil)
	if c.holdReply(ctx) {
		return
	}
	c.parse(ctx, m.Reply)
}

// modelFailed decides what a transport failure means for the run.
func (c *controller) modelFailed(ctx *actor.Context, m messages.ModelFailed) {
	r := c.run
	if m.Kind == messages.FailCrash {
		c.connected, c.connecting = false, false
	}
	if r == nil {
		return
	}
	c.connecting = false // a failed connect, or nothing was connecting
	c.record(ctx, event.EvModelFailed, "", event.TextPayload{Text: m.Err, Kind: string(m.Kind)}, false, nil)
	switch m.Kind {
	case messages.FailCrash:
		c.enter(ctx, event.PhaseRecovering)
		c.record(ctx, event.EvBrowserCrashed, "", event.TextPayload{Text: "the browser stopped: " + m.Err + "; restarting it"}, false, nil)
	case messages.FailEmpty:
		r.empties++
		if r.empties > 3 {
			c.interrupt(ctx, "the model sent empty replies four times in a row")
			return
		}
		c.nudge(ctx, protocol.ContinueEmpty)
	case messages.FailTimeout:
		if !r.timeoutRetried && c.rp.Pending != nil {
			r.timeoutRetried = true
			ctx.Send(c.p.model, messages.AwaitModel{Binding: *c.rp.Pending})
			return
		}
		c.interrupt(ctx, "the model did not answer in time ("+c.cfg.Limits.TurnWait.String()+", retried once)")
	case messages.FailTooLong:
		c.startRollover(ctx)
	case messages.FailNotSent:
		c.resendLost(ctx)
	case messages.FailScript:
		c.failRun(ctx, m.Err)
	case messages.FailRefused: // the same message would be refused again
		c.end(ctx, event.EvRunFailed, event.OutcomeRefused, m.Err, "")
	case messages.FailRequest:
		c.end(ctx, event.EvRunFailed, event.OutcomeFailed, m.Err, "")
		if c.ending != nil {
			c.ending.Usage = true
		}
	case messages.FailAdapter:
		c.record(ctx, event.EvBrowserAdapter, "", event.TextPayload{Text: m.Err}, false, nil)
		c.interrupt(ctx, m.Err)
	default:
		c.interrupt(ctx, "model: "+m.Err)
	}
}

// resendLost sends again a message the conversation turned out not to have
// (it was lost in a crash before it arrived), once.
func (c *controller) resendLost(ctx *actor.Context) {
	r := c.run
	if p := r.probe; p != nil {
		// The message in doubt is not in the conversation: send it now.
		r.probe = nil
		c.sendText(ctx, p.Kind, p.Text, p.ResultOps, p.Attachments)
		return
	}
	p, err := c.rp.PendingMessage()
	if err != nil || p == nil || r.resent {
		c.interrupt(ctx, "a message to the model was lost and could not be sent again")
		return
	}
	r.resent = true
	c.sendText(ctx, p.Kind, p.Text, p.ResultOps, p.Attachments)
}

// childStarted reacts to a restarted model transport: reconnect and pick up
// the turn where it stopped.
func (c *controller) childStarted(ctx *actor.Context, m supervisor.ChildStarted) {
	if m.ID != idModel || m.Incarnation <= c.modelInc {
		return
	}
	restarted := c.modelInc > 0 || m.Incarnation > 1
	c.modelInc = m.Incarnation
	if !restarted {
		return
	}
	c.connected, c.connecting = false, false
	if c.run != nil {
		c.record(ctx, event.EvModelState, "", event.ModelStatePayload{State: event.ModelRecovering,
			Detail: "the browser was restarted; reopening the conversation"}, false, nil)
		c.connect(ctx)
	}
}

// childExited handles siblings that stopped for good and parsers that
// crashed.
func (c *controller) childExited(ctx *actor.Context, m supervisor.ChildExited) {
	r := c.run
	switch {
	case m.ID == idModel && !m.WillRestart && r != nil:
		c.connected, c.connecting = false, false
		c.interrupt(ctx, "the browser kept failing and was given up: "+errText(m.Err))
	case r != nil && r.parsing != "" && r.parsing == m.ID && m.Reason.Abnormal():
		c.parseFailed(ctx, crashedParse(c.turn(), m.Err))
	case m.ID == idTools && r != nil && len(r.batch.running()) > 0:
		for _, op := range r.batch.running() {
			c.toolLost(ctx, op, "the tools supervisor stopped while the call ran: "+errText(m.Err))
		}
	}
}

func errText(err error) string {
	if err == nil {
		return "no error given"
	}
	return err.Error()
}

// appendEvent appends an event built by the caller to the log and folds it
// into the replay. A synced event is a commit point: then runs once it is
// durable. An unsynced one runs then at once.
func (c *controller) appendEvent(ctx *actor.Context, ev event.Event, sync bool, then func(*actor.Context)) {
	ev.TS = c.cfg.Now().UTC()
	c.seq++
	ev.Seq = c.seq
	if err := c.rp.Apply(ev); err != nil {
		c.cfg.Logger.Error("replay rejected an event the controller made", "type", ev.Type, "err", err)
	}
	c.trackReply(ev)
	ctx.Send(c.p.eventlog, messages.AppendEvent{Event: ev, Sync: sync})
	if sync {
		c.commits = append(c.commits, then)
		return
	}
	if then != nil {
		then(ctx)
	}
}

// trackReply follows the newest reply and whether it was acted on.
func (c *controller) trackReply(ev event.Event) {
	switch ev.Type {
	case event.EvModelMessageComplete:
		var p event.MessageCompletePayload
		if decodeInto(ev, &p) {
			rep := p.Reply
			c.last = lastReply{reply: &rep}
		}
	case event.EvToolProposed, event.EvModelMessageSending, event.EvModelMessageSent, event.EvRunCompleted,
		event.EvRunInterrupted, event.EvRunFailed, event.EvRunCancelled:
		c.last.handled = true
	}
}
