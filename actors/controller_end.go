package actors

import (
	"sort"

	"github.com/wtagent/wtagent/session/event"
	"github.com/wtagent/wtagent/session/status"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/protocol"
)

// complete ends the run successfully.
func (c *controller) complete(ctx *actor.Context, summary string) {
	c.end(ctx, event.EvRunCompleted, event.OutcomeCompleted, "", summary)
}

// interrupt ends the run resumably: a limit, a pause, a usage cap.
func (c *controller) interrupt(ctx *actor.Context, reason string) {
	c.end(ctx, event.EvRunInterrupted, event.OutcomeInterrupted, reason, "")
}

// failRun ends the run as failed (it can still be resumed by hand).
func (c *controller) failRun(ctx *actor.Context, reason string) {
	c.end(ctx, event.EvRunFailed, event.OutcomeFailed, reason, "")
}

// cancelRun stops the run now, killing the running tool's process tree.
func (c *controller) cancelRun(ctx *actor.Context, reason string) {
	r := c.run
	if r == nil {
		return
	}
	if len(r.batch.running()) > 0 {
		ctx.Send(c.p.tools, messages.CancelRun{Reason: reason})
	}
	if reason == "" {
		reason = "cancelled by the user"
	}
	c.end(ctx, event.EvRunCancelled, event.OutcomeCancelled, reason, "")
}

// requestPause asks for a pause at the next step boundary; a run that is
// not talking to the model yet (waiting for Chrome or a login) pauses now.
func (c *controller) requestPause(ctx *actor.Context, reason string) {
	r := c.run
	if r == nil {
		return
	}
	if reason == "" {
		reason = "paused by the user"
	}
	r.pause = reason
	if !c.connected || c.fsm.phase == event.PhaseApprovalRequired || c.fsm.phase == event.PhaseTakeover {
		c.interrupt(ctx, reason)
	}
}

// logFailed stops the run when the event log cannot make a commit durable.
func (c *controller) logFailed(ctx *actor.Context, m messages.AppendFailed) {
	c.cfg.Logger.Error("event log append failed", "type", m.Type, "err", m.Err)
	c.commits = nil
	why := "the event log could not be written (" + m.Err + ")"
	if c.run == nil {
		// The run's own end could not be logged: say it all the same.
		if f := c.ending; f != nil {
			c.ending = nil
			f.Reason, f.Unlogged = why+"; the run ended ("+string(f.Outcome)+") but its end is not in the log", true
			ctx.Send(c.p.client, *f)
		}
		return
	}
	r := c.run
	c.run = nil
	r.stopTimer()
	c.fsm.phase = event.PhaseFailed
	ctx.Send(c.p.client, messages.RunFinished{SessionID: c.sid, Outcome: event.OutcomeInterrupted,
		Reason: why + "; the session stopped before running anything more, to stay exactly-once",
		Turns:  c.turn(), Unlogged: true})
}

// end records the run's end and tells whoever started it.
func (c *controller) end(ctx *actor.Context, t event.Type, o event.Outcome, reason, summary string) {
	r := c.run
	if r == nil {
		return
	}
	c.run = nil
	r.stopTimer()
	// The end reports what this request did, never an earlier one's work.
	w := c.rp.Request
	payload := event.RunEndPayload{Outcome: o, Reason: reason, Summary: summary,
		Changed: w.Changed, Verification: dedupe(w.Verifications), Denied: c.deniedCalls(w.Denied), URLs: c.urls()}
	c.enter(ctx, status.EndPhase(t))
	c.ending = &messages.RunFinished{SessionID: c.sid, Outcome: o, Reason: reason, Summary: summary,
		Changed: payload.Changed, Verification: payload.Verification, URLs: payload.URLs, Turns: c.turn()}
	c.record(ctx, t, "", payload, true, func(ctx *actor.Context) {
		if f := c.ending; f != nil {
			c.ending = nil
			ctx.Send(c.p.client, *f)
		}
	})
}

// deniedCalls describes the denied calls of the op keys: the tool and
// what it would have touched or run.
func (c *controller) deniedCalls(keys []string) []string {
	var out []string
	for _, k := range keys {
		op, ok := c.rp.Ledger.Op(k)
		if !ok {
			continue
		}
		d := op.Call.Name
		if s := protocol.Summary(op.Call); s != "" {
			d += " " + s
		}
		out = append(out, d)
	}
	return dedupe(out)
}

// urls lists the local URLs of running dev servers.
func (c *controller) urls() []string {
	var out []string
	for _, p := range c.procs {
		if p.State == event.ProcessRunning || p.State == event.ProcessReady {
			out = append(out, p.URLs...)
		}
	}
	sort.Strings(out)
	return dedupe(out)
}

// dedupe drops repeated strings, keeping the first of each.
func dedupe(in []string) []string {
	seen := make(map[string]bool, len(in))
	var out []string
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
