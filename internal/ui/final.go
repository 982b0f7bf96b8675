package ui

import (
	"fmt"
	"strings"

	"github.com/wtagent/wtagent/internal/cellwidth"

	"github.com/wtagent/wtagent/session/event"
)

// diffLines is how many diff lines are shown before folding.
const diffLines = 30

// drawDiff shows a unified diff, coloured and folded.
func (r *Renderer) drawDiff(diff string) {
	lines := strings.Split(strings.TrimRight(diff, "\n"), "\n")
	for i, l := range lines {
		if i == diffLines && !r.opts.Verbose {
			r.line(r.st.dim.Render(fmt.Sprintf("    … %d more diff lines", len(lines)-i)))
			return
		}
		switch {
		case strings.HasPrefix(l, "+++"), strings.HasPrefix(l, "---"):
			r.line("    " + r.st.bold.Render(l))
		case strings.HasPrefix(l, "@@"):
			r.line("    " + r.st.hunk.Render(l))
		case strings.HasPrefix(l, "+"):
			r.line("    " + r.st.added.Render(l))
		case strings.HasPrefix(l, "-"):
			r.line("    " + r.st.removed.Render(l))
		default:
			r.line("    " + r.st.dim.Render(l))
		}
	}
}

// drawEnd prints the final block of a run.
func (r *Renderer) drawEnd(ev event.Event) {
	p := decode[event.RunEndPayload](ev)
	r.line("")
	switch ev.Type {
	case event.EvRunCompleted:
		r.line(r.st.ok.Render("✔ done") + r.st.dim.Render(fmt.Sprintf(" · session %s · %s", ev.SessionID, plural(ev.Turn, "turn"))))
	case event.EvRunInterrupted:
		r.line(r.st.warn.Render("⏸ interrupted: ") + p.Reason)
	case event.EvRunCancelled:
		r.line(r.st.warn.Render("■ cancelled: ") + p.Reason)
	case event.EvRunFailed:
		if p.Outcome == event.OutcomeRefused {
			// One plain line: what happened and what the user can do.
			r.line(r.st.bad.Render("✗ ") + p.Reason + "; reword the request and send it again: wtagent resume " +
				ev.SessionID + ` "new words"`)
			break
		}
		r.line(r.st.bad.Render("✗ failed: ") + p.Reason)
	default:
		r.line(r.st.bad.Render("✗ failed: ") + p.Reason)
	}
	if s := strings.TrimSpace(terminalSafe(p.Summary)); s != "" {
		r.line("")
		for _, l := range strings.Split(s, "\n") {
			r.line("  " + l)
		}
	}
	section := func(title string, items []string, style func(string) string) {
		if len(items) == 0 {
			return
		}
		r.line("")
		r.line(r.st.bold.Render(title))
		for _, it := range items {
			r.line("  " + style(it))
		}
	}
	plain := func(s string) string { return s }
	section("Changed files", p.Changed, plain)
	if len(p.Changed) == 0 && ev.Type == event.EvRunCompleted {
		r.line("")
		r.line(r.st.dim.Render("No changes to the project."))
	}
	section("Verified with", p.Verification, plain)
	section("Not needed (the model's answer, accepted once)", r.answered, plain)
	section("Denied (not run)", p.Denied, plain)
	section("Running at", p.URLs, func(s string) string { return r.st.accent.Render(s) })
	switch {
	case ev.Type == event.EvRunCompleted:
	case r.opts.Interactive && ev.Type != event.EvRunCancelled:
		r.line("")
		r.line(r.st.dim.Render("type a message to go on (it resumes here), or later: ") + "wtagent resume " + ev.SessionID)
	default:
		r.line("")
		r.line(r.st.dim.Render("resume with: ") + "wtagent resume " + ev.SessionID)
	}
}

// firstLine is the first line of s, cut to n terminal cells.
func firstLine(s string, n int) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i] + " …"
	}
	return truncateCells(s, n)
}

// fit is the first line of s cut to the room a row has between head and
// tail (one cell short of the width, as rows are drawn), so what follows
// it stays on the row.
func (r *Renderer) fit(head, s, tail string) string {
	return firstLine(s, max(r.opts.Width-1-cellwidth.String(r.prefix)-cellwidth.String(head)-cellwidth.String(tail), 8))
}

// indentAfterFirst indents every line of s but the first.
func indentAfterFirst(s, indent string) string {
	return strings.ReplaceAll(s, "\n", "\n"+indent)
}

// plural formats n with a noun.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
