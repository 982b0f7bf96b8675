package lineedit

import (
	"strings"

	"github.com/mattn/go-runewidth"
	"github.com/rivo/uniseg"
)

// tabWidth is the number of cells a tab is drawn as.
const tabWidth = 4

// point is a screen position relative to the first cell of the prompt.
type point struct{ row, col int }

// row is one screen row of the rendered input: the part of a prompt (or
// continuation prefix) it starts with, then buffer text.
type row struct {
	prefix string
	text   strings.Builder
	width  int // cells used
}

// stop is a cursor position: a cluster boundary of the buffer and where it
// is drawn.
type stop struct {
	index int
	at    point
}

// layout is the rendered form of a buffer at one terminal width.
type layout struct {
	rows   []*row
	stops  []stop // in buffer order, ending with len(text)
	cursor point
}

// layouter wraps cells into rows. Rows wrap eagerly: once a row is full the
// next row is started at once, so every stop lies inside the screen width
// and the terminal's pending-wrap state never matters.
type layouter struct {
	l     layout
	width int
	col   int
}

func (w *layouter) newRow() {
	w.l.rows = append(w.l.rows, &row{})
	w.col = 0
}

func (w *layouter) here() point { return point{len(w.l.rows) - 1, w.col} }

// fit starts a new row when a cell of n columns does not fit.
func (w *layouter) fit(n int) {
	if w.col > 0 && w.col+n > w.width {
		w.newRow()
	}
}

// put draws s (n cells wide) at the current position.
func (w *layouter) put(s string, n int, isPrefix bool) {
	r := w.l.rows[len(w.l.rows)-1]
	if isPrefix {
		r.prefix += s
	} else {
		r.text.WriteString(s)
	}
	r.width += n
	w.col += n
	if w.col >= w.width {
		w.newRow()
	}
}

// putPrefix draws a prompt or continuation prefix.
func (w *layouter) putPrefix(s string) {
	state := -1
	for s != "" {
		var c string
		c, s, _, state = uniseg.FirstGraphemeClusterInString(s, state)
		n := clusterWidth(c)
		w.fit(n)
		w.put(c, n, true)
	}
}

// clusterWidth is the display width of one grapheme cluster: the width of
// its first rune that has one, as go-runewidth measures strings.
func clusterWidth(c string) int {
	for _, r := range c {
		if n := runewidth.RuneWidth(r); n > 0 {
			return n
		}
	}
	return 0
}

// computeLayout lays out text with the cursor at index cur: prompt on the
// first line, cont on every following line, wrapped at width columns.
func computeLayout(prompt, cont string, text []rune, cur, width int) layout {
	w := &layouter{width: max(width, 1)}
	w.newRow()
	w.putPrefix(prompt)
	s := string(text)
	state := -1
	for i := 0; s != ""; {
		var c string
		c, s, _, state = uniseg.FirstGraphemeClusterInString(s, state)
		switch c {
		case "\n":
			w.l.stops = append(w.l.stops, stop{i, w.here()})
			w.newRow()
			w.putPrefix(cont)
		case "\t":
			w.fit(tabWidth)
			w.l.stops = append(w.l.stops, stop{i, w.here()})
			w.put(strings.Repeat(" ", tabWidth), tabWidth, false)
		default:
			n := clusterWidth(c)
			w.fit(n)
			w.l.stops = append(w.l.stops, stop{i, w.here()})
			w.put(c, n, false)
		}
		i += runeCount(c)
	}
	w.l.stops = append(w.l.stops, stop{len(text), w.here()})
	w.l.cursor = w.l.stops[0].at
	for _, st := range w.l.stops {
		if st.index <= cur {
			w.l.cursor = st.at
		}
	}
	return w.l
}

// firstRow and lastRow are the rows holding the first and last stops.
func (l *layout) firstRow() int { return l.stops[0].at.row }
func (l *layout) lastRow() int  { return l.stops[len(l.stops)-1].at.row }

// indexAt returns the buffer index of the stop on row r closest to column
// col from the left (the first stop of the row when col lies before it).
func (l *layout) indexAt(r, col int) (int, bool) {
	found, best := false, 0
	for _, st := range l.stops {
		if st.at.row != r {
			continue
		}
		if !found || st.at.col <= col {
			found, best = true, st.index
		}
	}
	return best, found
}
