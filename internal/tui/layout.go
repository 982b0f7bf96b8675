package tui

import (
	"strings"

	"github.com/wtagent/wtagent/internal/cellwidth"
)

// layout is the input line laid out in rows of at most a width of cells,
// with the cursor's row and column.
type layout struct {
	rows     []string
	row, col int
}

// layOut lays out text after prompt (continuation before each following
// logical line), wrapping between grapheme clusters at width cells: a
// wide cluster that does not fit starts the next row. cur is the cursor's
// byte offset in text.
func layOut(prompt, continuation, text string, cur, width int) layout {
	width = max(width, 4)
	var l layout
	var row strings.Builder
	w := 0
	newRow := func() {
		l.rows = append(l.rows, row.String())
		row.Reset()
		w = 0
	}
	put := func(s string, sw int) {
		if w+sw > width && w > 0 {
			newRow()
		}
		row.WriteString(s)
		w += sw
	}
	put(prompt, cellwidth.String(prompt))
	off := 0
	place := func() {
		if off == cur {
			if w >= width {
				newRow()
			}
			l.row, l.col = len(l.rows), w
		}
	}
	for i, line := range strings.Split(text, "\n") {
		if i > 0 {
			newRow()
			put(continuation, cellwidth.String(continuation))
			off++ // the newline
		}
		for len(line) > 0 {
			place()
			c, cw := cellwidth.FirstCluster(line)
			if c == "" {
				c, cw = line[:1], 0
			}
			if c == "\t" {
				c, cw = " ", 1
			}
			put(c, cw)
			line = line[len(c):]
			off += len(c)
		}
	}
	place()
	l.rows = append(l.rows, row.String())
	return l
}

// laidOut keeps the last layout and what it was made of.
type laidOut struct {
	prompt, continuation, text string
	cur, width                 int
	l                          layout
	ok                         bool
}

// get returns the layout of the input, laid out again only when
// something it depends on changed.
func (c *laidOut) get(prompt, continuation, text string, cur, width int) layout {
	if !c.ok || c.prompt != prompt || c.continuation != continuation || c.text != text || c.cur != cur || c.width != width {
		*c = laidOut{prompt: prompt, continuation: continuation, text: text, cur: cur, width: width,
			l: layOut(prompt, continuation, text, cur, width), ok: true}
	}
	return c.l
}

// window keeps at most n rows of l (n <= 0: all), the cursor's row among
// them: the rows up to the cursor's, or from it when it is near the top.
func (l layout) window(n int) layout {
	if n <= 0 || len(l.rows) <= n {
		return l
	}
	start := max(0, min(l.row-n+1, len(l.rows)-n))
	return layout{rows: l.rows[start : start+n], row: l.row - start, col: l.col}
}
