package actors

import (
	"slices"

	"github.com/wtagent/wtagent/session/event"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/session"
)

// A manual takeover (/browser … /resume) pauses a live run at a safe
// point and gives the page to the user. The safe points are the two
// moments when nothing is half done: a message about to be sent (it is
// held) and a reply just recorded (it is held unparsed). The handback
// reads the page: a message the user sent by hand is recorded as sent (a
// manual turn, never sent again) and its reply is awaited and handled like
// any model reply, so its tool call runs once.

// takeover is the run's manual takeover state.
type takeover int

const (
	takeoverNone      takeover = iota
	takeoverRequested          // pauses at the next safe point
	takeoverActive             // paused: the page is the user's
	takeoverReading            // handed back: the page is being read
)

// takeoverInput is what moves a manual takeover on.
type takeoverInput int

const (
	takeoverAsked      takeoverInput = iota // the user asked for the page (/browser)
	takeoverSafePoint                       // a message is about to be sent, or a reply was just recorded
	takeoverHandedBack                      // the user handed the page back (/resume)
	takeoverPageRead                        // the page was read after the handback
)

// step is the takeover's state machine as a pure step: the state after
// in, and whether in applies (one that does not leaves the state as it
// is). A request waits for the next safe point, where the run pauses; a
// handback before it withdraws the request, after it has the page read;
// the run goes on once the page is read.
func (t takeover) step(in takeoverInput) (takeover, bool) {
	switch {
	case t == takeoverNone && in == takeoverAsked:
		return takeoverRequested, true
	case t == takeoverRequested && in == takeoverSafePoint:
		return takeoverActive, true
	case t == takeoverRequested && in == takeoverHandedBack:
		return takeoverNone, true
	case t == takeoverActive && in == takeoverHandedBack:
		return takeoverReading, true
	case t == takeoverReading && in == takeoverPageRead:
		return takeoverNone, true
	}
	return t, false
}

// heldSend is a message held by a takeover, or a tool result carried over
// to the next message because the user wrote to the model by hand first.
type heldSend struct {
	kind             event.OutboundKind
	body             string
	ops, attachments []string
}

// requestTakeover asks for a takeover at the next safe point.
func (c *controller) requestTakeover(ctx *actor.Context) {
	r := c.run
	if r == nil {
		return
	}
	next, ok := r.takeover.step(takeoverAsked)
	if !ok {
		return
	}
	r.takeover = next
	c.record(ctx, event.EvManualTakeover, "", event.TakeoverPayload{State: event.TakeoverRequested,
		Detail: "the run pauses at the next safe point (no tool half-run, no message in flight), then the Chrome window is yours"}, false, nil)
}

// holdSend begins a requested takeover instead of sending; it reports
// whether it did.
func (c *controller) holdSend(ctx *actor.Context, h heldSend) bool {
	r := c.run
	next, ok := r.takeover.step(takeoverSafePoint)
	if !ok {
		return false
	}
	r.takeover, r.held = next, &h
	c.beginTakeover(ctx)
	return true
}

// holdReply begins a requested takeover instead of parsing the reply just
// recorded; it reports whether it did.
func (c *controller) holdReply(ctx *actor.Context) bool {
	r := c.run
	next, ok := r.takeover.step(takeoverSafePoint)
	if !ok {
		return false
	}
	r.takeover, r.heldReply = next, true
	c.beginTakeover(ctx)
	return true
}

// beginTakeover pauses the run and gives the page to the user.
func (c *controller) beginTakeover(ctx *actor.Context) {
	c.enter(ctx, event.PhaseTakeover)
	c.record(ctx, event.EvManualTakeover, "", event.TakeoverPayload{State: event.TakeoverActive,
		Detail: "paused: manual takeover — the Chrome window is yours; /resume (or Enter on an empty line) hands it back"}, true,
		func(ctx *actor.Context) { ctx.Send(c.p.model, messages.ShowPage{}) })
}

// pageShown notes where the page is (or why it could not be shown).
func (c *controller) pageShown(ctx *actor.Context, m messages.PageShown) {
	text := m.Detail
	if m.Err != "" {
		text = "could not bring the Chrome window to the front: " + m.Err
	}
	if text != "" {
		c.record(ctx, event.EvBrowserNote, "", event.TextPayload{Text: text}, false, nil)
	}
}

// handBack takes the page back: a takeover still waiting for its safe
// point is cancelled, an active one reads the page.
func (c *controller) handBack(ctx *actor.Context) {
	r := c.run
	if r == nil {
		return
	}
	next, ok := r.takeover.step(takeoverHandedBack)
	if !ok {
		return
	}
	r.takeover = next
	if next == takeoverNone {
		c.record(ctx, event.EvManualTakeover, "", event.TakeoverPayload{State: event.TakeoverCancelled,
			Detail: "handed back before the run paused; it goes on"}, false, nil)
		return
	}
	var last event.Reply
	if c.last.reply != nil {
		last = *c.last.reply
	}
	ctx.Send(c.p.model, messages.ReadPage{Last: last})
}

// pageRead continues the run from what the page shows after a handback.
func (c *controller) pageRead(ctx *actor.Context, m messages.PageRead) {
	r := c.run
	if r == nil {
		return
	}
	next, ok := r.takeover.step(takeoverPageRead)
	if !ok {
		return
	}
	r.takeover = next
	st := m.State
	if m.Err != "" {
		st.Notes = append(st.Notes, "could not read the page after the takeover: "+m.Err)
	}
	held, heldReply := r.held, r.heldReply
	r.held, r.heldReply = nil, false
	c.record(ctx, event.EvHandedBack, "", st, false, nil)
	if st.Binding != nil {
		c.manualTurn(ctx, st, held)
		return
	}
	switch {
	case heldReply && c.last.reply != nil:
		c.parse(ctx, *c.last.reply)
	case held != nil:
		c.sendText(ctx, held.kind, held.body, held.ops, held.attachments)
	default:
		c.drive(ctx)
	}
}

// manualTurn takes the user's hand-typed message as the run's next sent
// message: recorded (synced) as sent, then its reply is awaited like any
// other. A reply held by the takeover is superseded by it; a held tool
// result or instruction goes with the next message.
func (c *controller) manualTurn(ctx *actor.Context, st event.HandBackState, held *heldSend) {
	r := c.run
	switch saved, ok := c.savedResults(); {
	case held != nil && held.kind != event.OutboundContinue && held.kind != event.OutboundProtocolError:
		// A nudge or a protocol complaint about the superseded reply is
		// moot; results and the user's own words are not.
		r.carry = held
	case ok:
		// Stopped during the takeover: the held results are in the ledger.
		r.carry = saved
	}
	b := *st.Binding
	b.Turn = c.turn() + 1
	text := ""
	if n := len(st.Manual); n > 0 {
		text = st.Manual[n-1].Text
	}
	ev := newEvent(event.EvModelMessageSent, c.sid, b.Turn, "", event.MessageSentPayload{Kind: event.OutboundManual, Text: text, Binding: b})
	c.appendEvent(ctx, ev, true, func(ctx *actor.Context) {
		c.enter(ctx, event.PhaseWaitingModel)
		ctx.Send(c.p.model, messages.AwaitModel{Binding: b})
	})
}

// savedResults is the message of the newest reply's results when the
// ledger has them all but the model has not got them: one call's
// <tool_result>, or a batch's <tool_results>.
func (c *controller) savedResults() (*heldSend, bool) {
	recs := c.unfinishedBatch()
	if len(recs) == 0 {
		return nil, false
	}
	results := make([]event.ToolResult, len(recs))
	keys := make([]string, len(recs))
	for i, rec := range recs {
		if rec.Action != session.RecoverResend || rec.Op.Result == nil {
			return nil, false
		}
		results[i], keys[i] = protocol.CapResult(*rec.Op.Result, c.cfg.Limits.OutputPerCall), rec.Op.Key
	}
	body := protocol.FormatToolResult(results[0])
	if len(results) > 1 {
		body = protocol.FormatToolResults(results, c.cfg.Limits.OutputPerCall)
	}
	return &heldSend{kind: event.OutboundToolResult, body: body, ops: keys}, true
}

// withCarry puts a carried message (a tool result, an instruction) in
// front of the next message.
func (r *runState) withCarry(body string, ops, attachments []string) (string, []string, []string) {
	cr := r.carry
	if cr == nil {
		return body, ops, attachments
	}
	r.carry = nil
	return cr.body + "\n\n" + body, append(slices.Clone(cr.ops), ops...), append(slices.Clone(cr.attachments), attachments...)
}
