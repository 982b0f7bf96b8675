package ui

import (
	"cmp"
	"strings"

	"github.com/wtagent/wtagent/policy/evidence"
	"github.com/wtagent/wtagent/session/event"
)

// TypeNeeds is the --json line that follows a request's event
// (run.started, run.resumed, instruction): what the done gate will hold
// the model to for it. It is derived, never logged.
const TypeNeeds event.Type = "request.needs"

// NeedsPayload is the payload of a request.needs line.
type NeedsPayload struct {
	Request  string            `json:"request"`
	Line     string            `json:"line"`
	Contract evidence.Contract `json:"contract"`
}

// requestOf returns the user's request an event carries: the task of
// run.started, the follow-up of run.resumed, an instruction.
func requestOf(ev event.Event) (string, bool) {
	switch ev.Type {
	case event.EvRunStarted, event.EvRunResumed:
		p := decode[event.RunStartedPayload](ev)
		t := strings.TrimSpace(strings.TrimPrefix(p.Task, p.Note))
		return t, t != ""
	case event.EvInstruction:
		p := decode[event.InstructionPayload](ev)
		t := strings.TrimSpace(cmp.Or(p.Text, p.Instruction, p.Task))
		return t, t != ""
	}
	return "", false
}

// needsOf is the contract of the request an event carries.
func needsOf(ev event.Event) (NeedsPayload, bool) {
	req, ok := requestOf(ev)
	if !ok {
		return NeedsPayload{}, false
	}
	c := evidence.RequestNeeds(req).Contract()
	return NeedsPayload{Request: req, Line: c.Line(), Contract: c}, true
}

// drawNeeds prints the contract line of the request an event carries.
// Callers hold r.mu.
func (r *Renderer) drawNeeds(ev event.Event) {
	if n, ok := needsOf(ev); ok {
		r.line(r.st.dim.Render("  " + firstLine(n.Line, r.opts.Width-4)))
	}
}
