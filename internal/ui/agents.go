package ui

import (
	"fmt"
	"strings"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/internal/cellwidth"
	"github.com/wtagent/wtagent/protocol"
)

// agentTag names the sub-agent an event came from.
type agentTag struct {
	name, task string
}

// agentGroup is one running sub-agent in the live view: its lines are
// indented under its tag, its status is a live row of its own.
type agentGroup struct {
	agentTag
	// tag starts each of its lines ("#2").
	tag   string
	state string
	turn  int
	since time.Time
	// calls are its tool calls' live output (its call ids are its own).
	calls map[string]*callOutput
}

// AgentSink returns where the events of the sub-agent name, working on
// task, go: its group in the live view, drawn by Run like the run's own
// events. It never blocks.
func (r *Renderer) AgentSink(name, task string) func(event.Event) {
	tag := &agentTag{name: name, task: task}
	return func(ev event.Event) { r.q.Push(item{ev: ev, agent: tag}, ev.Seq == 0) }
}

// group returns the running group of a sub-agent, opening it (and drawing
// its header) at its first event.
func (r *Renderer) group(t *agentTag) *agentGroup {
	for _, g := range r.agents {
		if g.name == t.name {
			return g
		}
	}
	g := &agentGroup{agentTag: *t, tag: "#" + strings.TrimPrefix(t.name, "sub-agent "), state: "starting",
		since: r.opts.Now(), calls: map[string]*callOutput{}}
	r.agents = append(r.agents, g)
	head := r.st.bold.Render(fmt.Sprintf("  %s ┌ %s", g.tag, g.name)) + r.st.dim.Render(": ")
	r.line(head + r.fit(head, terminalSafe(g.task), ""))
	return g
}

// drawAgent renders one event of a sub-agent: its calls, messages and
// refusals as lines of its group, its model and tool states on its live
// row, its end as the group's last line. Callers hold r.mu.
func (r *Renderer) drawAgent(t *agentTag, ev event.Event) {
	g := r.group(t)
	switch ev.Type {
	case event.EvModelMessageSent:
		g.state, g.turn = "thinking", ev.Turn
	case event.EvModelMessageComplete:
		g.state = "reading its reply"
	case event.EvModelFailed:
		r.inGroup(g, func() { r.line(r.st.warn.Render("! model: " + decode[event.TextPayload](ev).Text)) })
	case event.EvToolStarted:
		p := decode[event.ToolProposedPayload](ev)
		g.state = "running " + p.Call.Name + " " + protocol.Summary(p.Call)
	case event.EvProtocolParsed, event.EvProtocolInvalid, event.EvToolProposed, event.EvToolReused,
		event.EvPolicyDecided, event.EvApprovalResolved, event.EvToolOutput, event.EvToolCompleted,
		event.EvToolUnknown, event.EvProcessChanged, event.EvDoneRefused, event.EvLimitReached:
		switch {
		case ev.Type == event.EvToolCompleted:
			g.state = "sending the results"
		case ev.Type == event.EvPolicyDecided && decode[event.PolicyPayload](ev).Decision == event.DecisionAsk:
			g.state = "waiting for your approval"
		}
		r.inGroup(g, func() { r.draw(ev) })
	case event.EvRunCompleted, event.EvRunInterrupted, event.EvRunFailed, event.EvRunCancelled:
		r.closeGroup(g, ev)
	}
	r.drawStatus()
}

// inGroup draws with the group's prefix and its calls' output.
func (r *Renderer) inGroup(g *agentGroup, draw func()) {
	calls := r.calls
	r.calls, r.prefix = g.calls, "  "+g.tag+" │ "
	defer func() { r.calls, r.prefix = calls, "" }()
	draw()
}

// closeGroup draws a sub-agent's last line (its outcome, turn and time)
// and drops its live row.
func (r *Renderer) closeGroup(g *agentGroup, ev event.Event) {
	p := decode[event.RunEndPayload](ev)
	style := r.st.ok
	if p.Outcome != event.OutcomeCompleted {
		style = r.st.bad
	}
	took := r.opts.Now().Sub(g.since).Round(100 * time.Millisecond)
	line := fmt.Sprintf("  %s └ %s %s, turn %d, %s", g.tag, g.name, p.Outcome, max(g.turn, ev.Turn), took)
	if p.Reason != "" && p.Outcome != event.OutcomeCompleted {
		line += ": " + terminalSafe(p.Reason)
	}
	r.line(style.Render(line))
	for i, o := range r.agents {
		if o == g {
			r.agents = append(r.agents[:i], r.agents[i+1:]...)
			break
		}
	}
}

// agentStatus is one live row per running sub-agent: its tag and name,
// turn, elapsed time and state, then the first words of its task (cut to
// the row's width when drawn).
func (r *Renderer) agentStatus() []string {
	frames := spinnerFrames()
	rows := make([]string, 0, len(r.agents))
	for _, g := range r.agents {
		words := strings.Fields(terminalSafe(g.task))
		rows = append(rows, fmt.Sprintf("  %s %s %s · turn %d · %.1fs · %s · %s", g.tag, frames[r.status.frame%len(frames)],
			g.name, g.turn, r.opts.Now().Sub(g.since).Seconds(), truncateCells(terminalSafe(g.state), 32),
			strings.Join(words[:min(len(words), 6)], " ")))
	}
	return rows
}

// agentLine prefixes every row of s with the group's prefix, wrapped to
// the width left beside it, so each row of a sub-agent's line says whose
// it is.
func (r *Renderer) agentLine(s string) string {
	w := r.opts.Width - 1 - cellwidth.String(r.prefix)
	rows := strings.Split(cellwidth.Wrap(s, max(w, 8)), "\n")
	for i, row := range rows {
		rows[i] = r.st.dim.Render(r.prefix) + row
	}
	return strings.Join(rows, "\n")
}
