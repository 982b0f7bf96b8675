package ui

import (
	"github.com/wtagent/wtagent/session/event"
)

// drawTakeover shows a manual takeover's request, pause or cancellation.
// Callers hold r.mu.
func (r *Renderer) drawTakeover(p event.TakeoverPayload) {
	switch p.State {
	case event.TakeoverActive:
		r.setStatus("")
		r.line(r.st.warn.Render("⏸ " + p.Detail))
		r.setStatus("paused: manual takeover (/resume hands the browser back)")
	default:
		r.line(r.st.dim.Render("  /browser: " + p.Detail))
	}
}

// drawHandBack shows what the user did in the page during a takeover.
func (r *Renderer) drawHandBack(p event.HandBackState) {
	r.setStatus("")
	r.line(r.st.bold.Render("▶ handed back: wtagent drives the browser again"))
	for _, m := range p.Manual {
		r.line(r.st.bold.Render("› you (by hand in the page): ") + firstLine(terminalSafe(m.Text), r.opts.Width-32))
	}
	if len(p.Manual) > 0 {
		r.line(r.st.dim.Render("  the model's reply to it is taken as its next reply (your message is not sent again)"))
	}
	for _, n := range p.Notes {
		r.line(r.st.warn.Render("! " + n))
	}
}
