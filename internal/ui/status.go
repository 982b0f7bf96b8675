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
	drawn bool
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

func (r *Renderer) clearStatus() {
	if r.opts.Screen != nil {
		return // the screen draws its live region itself
	}
	if r.opts.TTY && r.status.drawn {
		fmt.Fprint(r.out, "\r\x1b[2K")
		r.status.drawn = false
	}
}

func (r *Renderer) drawStatus() {
	if r.opts.Screen != nil && r.status.label == "" {
		r.opts.Screen.SetStatus("")
		return
	}
	if !r.opts.TTY || r.status.label == "" {
		return
	}
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
	s = truncateCells(s, r.opts.Width-1)
	if r.opts.Screen != nil {
		r.opts.Screen.SetStatus(r.st.accent.Render(s))
		return
	}
	fmt.Fprint(r.out, "\r\x1b[2K"+r.st.accent.Render(s))
	r.status.drawn = true
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
