package lineedit

import (
	"bytes"
	"fmt"
	"io"
)

// Escape sequences the editor writes.
const (
	seqHideCursor   = "\x1b[?25l"
	seqShowCursor   = "\x1b[?25h"
	seqClearBelow   = "\x1b[J"
	seqClearScreen  = "\x1b[H\x1b[2J"
	seqPasteOn      = "\x1b[?2004h"
	seqPasteOff     = "\x1b[?2004l"
	seqKittyPush    = "\x1b[>1u" // kitty keyboard: disambiguate escape codes
	seqKittyPop     = "\x1b[<u"
	seqReset        = "\x1b[0m"
	seqPromptStyle  = "\x1b[1;38;5;39m"
	seqContinuation = "\x1b[2m"
)

// renderer draws a layout over the previous one. It remembers where it left
// the cursor, moves back to the first row of the input, clears to the end
// of the screen and draws everything in one write, so a redraw never leaves
// stale rows behind.
type renderer struct {
	out    io.Writer
	color  bool
	drawn  bool
	width  int   // the width of the last draw
	cursor point // where the last draw left the cursor
	widths []int // cells used by each row of the last draw
	buf    bytes.Buffer
}

// draw renders l at the given width. With final set the cursor is left at
// the start of a fresh line below the input.
func (r *renderer) draw(l layout, width int, final bool) error {
	b := &r.buf
	b.Reset()
	b.WriteString(seqHideCursor)
	if up := r.rowsAbove(width); up > 0 {
		fmt.Fprintf(b, "\x1b[%dA", up)
	}
	b.WriteString("\r" + seqClearBelow)
	r.widths = r.widths[:0]
	for i, row := range l.rows {
		if i > 0 {
			b.WriteString("\r\n")
		}
		r.writeRow(row, i == 0)
		r.widths = append(r.widths, row.width)
	}
	if final {
		// Leave the cursor on a fresh line; an empty last row (the input
		// filled its row exactly) already is one.
		if last := l.rows[len(l.rows)-1]; len(l.rows) == 1 || last.width > 0 {
			b.WriteString("\r\n")
		}
	} else {
		last := len(l.rows) - 1
		r.moveTo(point{last, l.rows[last].width}, l.cursor)
	}
	b.WriteString(seqShowCursor)
	r.drawn, r.width, r.cursor = !final, width, l.cursor
	if _, err := r.out.Write(b.Bytes()); err != nil {
		return fmt.Errorf("lineedit: render: %w", err)
	}
	return nil
}

// moveTo moves the cursor from the end of the drawing to p.
func (r *renderer) moveTo(end, p point) {
	b := &r.buf
	if p == end {
		return
	}
	if up := end.row - p.row; up > 0 {
		fmt.Fprintf(b, "\x1b[%dA", up)
	}
	b.WriteByte('\r')
	if p.col > 0 {
		fmt.Fprintf(b, "\x1b[%dC", p.col)
	}
}

// writeRow writes one row, styling its prefix when colour is on.
func (r *renderer) writeRow(row *row, first bool) {
	b := &r.buf
	if row.prefix != "" {
		switch {
		case !r.color:
			b.WriteString(row.prefix)
		case first:
			b.WriteString(seqPromptStyle + row.prefix + seqReset)
		default:
			b.WriteString(seqContinuation + row.prefix + seqReset)
		}
	}
	b.WriteString(row.text.String())
}

// rowsAbove is how many rows the cursor is below the first row of the last
// draw. After a resize the terminal may have re-flowed those rows: each row
// narrower than the new width still takes one row, a wider one takes as
// many as it now wraps into (terminals that do not re-flow cut it instead,
// which this over-counts by the rows they cut).
func (r *renderer) rowsAbove(width int) int {
	if !r.drawn {
		return 0
	}
	if width == r.width || width <= 0 {
		return r.cursor.row
	}
	up := 0
	for _, w := range r.widths[:r.cursor.row] {
		up += max(1, (w+width-1)/width)
	}
	return up + r.cursor.col/width
}

// forget makes the next draw start at the cursor's row, after the screen
// was cleared or the input was left behind.
func (r *renderer) forget() { r.drawn = false }
