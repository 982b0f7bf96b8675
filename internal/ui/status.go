package ui

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/wtagent/wtagent/internal/cellwidth"
)

// statusLine is the live line at the bottom of a terminal: a spinner, what
// is happening, the elapsed time and a glimpse of the model's text.
type statusLine struct {
	label   string
	since   time.Time
	glimpse string
	// phase is what the model does before its first words ("thinking,
	// continued after a hand-off"), from the transport.
	phase string
	// text is the model's partial reply so far (model.progress deltas
	// added up).
	text  string
	frame int
	// rows is how many live rows are on a terminal (no Screen).
	rows int
	// hint names a key the user can press while it works.
	hint string
	// mode is the ChatGPT model and effort the page was set to, when
	// wtagent selected them (kept across labels).
	mode string
}

func spinnerFrames() []string {
	return []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}
}

// setStatus shows label with a spinner (TTY only); an empty label hides it.
// Callers hold r.mu.
func (r *Renderer) setStatus(label string) {
	if label != r.status.label {
		r.status.since = r.opts.Now()
		r.status.glimpse, r.status.text, r.status.phase = "", "", ""
	}
	r.status.label = label
	r.drawStatus()
}

// clearStatus erases the live rows (the cursor is on the last of them).
func (r *Renderer) clearStatus() {
	if r.opts.Screen != nil {
		return // the screen draws its live region itself
	}
	if r.opts.TTY && r.status.rows > 0 {
		fmt.Fprint(r.out, "\r\x1b[2K"+strings.Repeat("\x1b[1A\x1b[2K", r.status.rows-1))
		r.status.rows = 0
	}
}

// drawStatus draws the live rows: the run's status line, then one per
// running sub-agent. Each row is cut one cell short of the width, so none
// wraps. Callers hold r.mu.
func (r *Renderer) drawStatus() {
	if !r.opts.TTY {
		return
	}
	var rows []string
	if r.status.label != "" {
		rows = append(rows, r.mainStatus())
	}
	rows = append(rows, r.agentStatus()...)
	for i, s := range rows {
		rows[i] = r.st.accent.Render(truncateCells(s, r.opts.Width-1))
	}
	if r.opts.Screen != nil {
		r.opts.Screen.SetStatus(strings.Join(rows, "\n"))
		return
	}
	r.clearStatus()
	if len(rows) == 0 {
		return
	}
	fmt.Fprint(r.out, "\r\x1b[2K"+strings.Join(rows, "\r\n\x1b[2K"))
	r.status.rows = len(rows)
}

// mainStatus is the run's status line: a spinner, what is happening, the
// elapsed time, the model's phase, a key hint and a glimpse of its text.
func (r *Renderer) mainStatus() string {
	frames := spinnerFrames()
	elapsed := r.opts.Now().Sub(r.status.since).Seconds()
	s := fmt.Sprintf("%s %s %.1fs", frames[r.status.frame%len(frames)], r.status.label, elapsed)
	if p := r.status.phase; p != "" {
		s += " · " + p
	}
	if h := r.status.hint; h != "" {
		s += " · " + h
	}
	if g := r.status.glimpse; g != "" {
		s += " · " + g
	}
	return s
}

// glimpseOf is the last line of partial model text, for the status line.
func glimpseOf(text string) string {
	total := utf8.RuneCountInString(text)
	last := strings.TrimRight(text, " \n\t")
	if i := strings.LastIndexByte(last, '\n'); i >= 0 {
		last = last[i+1:]
	}
	last = strings.Join(strings.Fields(last), " ")
	return fmt.Sprintf("%d chars · %s", total, cellwidth.TruncateLeft(last, 60, "…"))
}

// truncateCells cuts s to n terminal cells, ending it with "…" when cut;
// a width of one cell or less leaves s as it is.
func truncateCells(s string, n int) string {
	if n <= 1 {
		return s
	}
	return cellwidth.Truncate(s, n, "…")
}

// SetKeyHint names a key the status line shows while a run works
// ("ctrl+o browser"); empty hides it.
func (r *Renderer) SetKeyHint(hint string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.status.hint = hint
}
