package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/wtagent/wtagent/internal/cellwidth"
)

// rowWidth is the widest row the model draws at a terminal width: one
// cell short, so no row ever reaches the last column, where terminals
// differ on when they wrap.
func rowWidth(width int) int { return max(width-1, 4) }

// View composes the live region: the status rows (one a line of the
// status), then the question or
// the input line (only while a read waits), the cursor in it.
func (m *Model) View() tea.View {
	w := rowWidth(m.width)
	var rows []string
	if m.status != "" {
		for _, s := range strings.Split(m.status, "\n") {
			rows = append(rows, cellwidth.Truncate(s, w, "…"))
		}
	}
	var v tea.View
	switch {
	case m.ask != nil:
		if m.askHint != "" {
			rows = append(rows, strings.Split(cellwidth.Wrap(m.askHint, w), "\n")...)
		}
		rows = append(rows, strings.Split(cellwidth.Wrap(m.ask.Prompt, w), "\n")...)
		last := rows[len(rows)-1]
		v.Cursor = tea.NewCursor(cellwidth.String(last), len(rows)-1)
	case m.read != nil:
		prompt := m.opts.Prompt
		if m.read.Live && m.opts.LivePrompt != "" {
			prompt = m.opts.LivePrompt
		}
		l := m.laid.get(promptStyle(prompt), m.opts.Continuation, m.buf.text, m.buf.cur, w)
		l = l.window(m.inputRows(len(rows)))
		v.Cursor = tea.NewCursor(l.col, len(rows)+l.row)
		rows = append(rows, l.rows...)
	}
	if len(rows) == 0 && !m.closed {
		// An empty view has no height, and lines printed above a region
		// of no height land one row off: the region keeps one blank row.
		rows = append(rows, " ")
	}
	v.SetContent(strings.Join(rows, "\n"))
	return v
}

// inputRows is how many rows the input line may take below above rows of
// the region: the screen's height less those and one, so the region
// never outgrows the screen (unknown height: no bound).
func (m *Model) inputRows(above int) int {
	if m.height <= 0 {
		return 0
	}
	return max(m.height-above-1, 1)
}

// Lines wraps finished output for the scrollback at the terminal width,
// one cell short like the live region.
func (m *Model) Lines(s string) string { return cellwidth.Wrap(s, rowWidth(m.width)) }

// promptStyle sets the prompt in bold: not colour (NO_COLOR leaves it),
// and its cells, trailing space included, are never blank, so the
// renderer writes the prompt whole rather than skip to the cursor.
func promptStyle(p string) string {
	if p == "" {
		return ""
	}
	return "\x1b[1m" + p + "\x1b[22m"
}
