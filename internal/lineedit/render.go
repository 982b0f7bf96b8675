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
// the cursor, moves back to the first row it drew, clears to the end of the
// screen and draws again in one write, so a redraw never leaves stale rows
// behind. An input taller than the screen is drawn through a window of
// screen-height rows that follows the cursor: rows scrolled off the top of
// the screen could not be reached again.
type renderer struct {
	out    io.Writer
	color  bool
	drawn  bool
	width  int   // the width of the last draw
	top    int   // the first layout row of the window
	cursor point // where the last draw left the cursor, relative to the window
	widths []int // cells used by each row the last draw wrote
	buf    bytes.Buffer
}

// draw renders l on a screen of the given size (height 0 when unknown).
// With final set the whole input is drawn and the cursor is left at the
// start of a fresh line below it.
func (r *renderer) draw(l layout, width, height int, final bool) error {
	b := &r.buf
	b.Reset()
	b.WriteString(seqHideCursor)
	if up := r.rowsAbove(width); up > 0 {
		fmt.Fprintf(b, "\x1b[%dA", up)
	}
	b.WriteString("\r" + seqClearBelow)
	first, last := 0, len(l.rows)
	if !final {
		first, last = r.window(l, height)
	}
	r.widths = r.widths[:0]
	for i := first; i < last; i++ {
		if i > first {
			b.WriteString("\r\n")
		}
		r.writeRow(&l, i)
		r.widths = append(r.widths, l.rows[i].width)
	}
	cursor := point{l.cursor.row - first, l.cursor.col}
	if final {
		// Leave the cursor on a fresh line; an empty last row (the input
		// filled its row exactly) already is one.
		if end := l.rows[last-1]; last == 1 || end.width > 0 {
			b.WriteString("\r\n")
		}
		first = 0
	} else {
		r.moveTo(point{last - 1 - first, l.rows[last-1].width}, cursor)
	}
	b.WriteString(seqShowCursor)
	r.drawn, r.width, r.top, r.cursor = !final, width, first, cursor
	if _, err := r.out.Write(b.Bytes()); err != nil {
		return fmt.Errorf("lineedit: render: %w", err)
	}
	return nil
}

// window returns the rows [first, last) to draw: all of them when they fit
// on the screen, otherwise height rows holding the cursor, scrolled as
// little as possible from the last window.
func (r *renderer) window(l layout, height int) (first, last int) {
	n := len(l.rows)
	if height <= 0 || n <= height {
		return 0, n
	}
	first = r.top
	if c := l.cursor.row; c < first {
		first = c
	} else if c >= first+height {
		first = c - height + 1
	}
	first = max(0, min(first, n-height))
	return first, first + height
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

// writeRow writes row i of l, styling its prefix when colour is on.
func (r *renderer) writeRow(l *layout, i int) {
	b := &r.buf
	if row := l.rows[i]; row.prefix != "" {
		switch {
		case !r.color:
			b.WriteString(row.prefix)
		case i == 0:
			b.WriteString(seqPromptStyle + row.prefix + seqReset)
		default:
			b.WriteString(seqContinuation + row.prefix + seqReset)
		}
	}
	b.Write(l.text(i))
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
// was cleared.
func (r *renderer) forget() { r.drawn = false }
