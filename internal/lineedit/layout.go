package lineedit

import "github.com/wtagent/wtagent/internal/cellwidth"

// tabWidth is the number of cells a tab is drawn as.
const tabWidth = 4

// point is a screen position relative to the first cell of the prompt.
type point struct{ row, col int }

// row is one screen row of the rendered input: the part of a prompt (or
// continuation prefix) it starts with, then buffer text, which is
// layout.cells[start:end].
type row struct {
	prefix     string
	start, end int
	width      int // cells used
}

// stop is a cursor position: a cluster boundary of the buffer and where it
// is drawn.
type stop struct {
	index int
	at    point
}

// layout is the rendered form of a buffer at one terminal width.
type layout struct {
	rows   []row
	cells  []byte // the drawn buffer text of all rows
	stops  []stop // in buffer order, ending with len(text)
	cursor point
}

// text returns the buffer text drawn on row r.
func (l *layout) text(r int) []byte { return l.cells[l.rows[r].start:l.rows[r].end] }

// layouter wraps cells into rows. Rows wrap eagerly: once a row is full the
// next row is started at once, so every stop lies inside the screen width
// and the terminal's pending-wrap state never matters.
type layouter struct {
	l     layout
	width int
	col   int
}

func (w *layouter) newRow() {
	n := len(w.l.cells)
	w.l.rows = append(w.l.rows, row{start: n, end: n})
	w.col = 0
}

func (w *layouter) here() point { return point{len(w.l.rows) - 1, w.col} }

// fit starts a new row when a cell of n columns does not fit.
func (w *layouter) fit(n int) {
	if w.col > 0 && w.col+n > w.width {
		w.newRow()
	}
}

// advance accounts for n columns just drawn on the current row.
func (w *layouter) advance(n int) {
	r := &w.l.rows[len(w.l.rows)-1]
	r.end = len(w.l.cells)
	r.width += n
	w.col += n
	if w.col >= w.width {
		w.newRow()
	}
}

// cell places one grapheme cluster of buffer text starting at index i.
func (w *layouter) cell(i int, c string, n int) {
	w.fit(n)
	w.l.stops = append(w.l.stops, stop{i, w.here()})
	w.l.cells = append(w.l.cells, c...)
	w.advance(n)
}

// putPrefix draws a prompt or continuation prefix.
func (w *layouter) putPrefix(s string) {
	for s != "" {
		c, n := cellwidth.FirstCluster(s)
		s = s[len(c):]
		w.fit(n)
		w.l.rows[len(w.l.rows)-1].prefix += c
		w.advance(n)
	}
}

// clusterWidth is the display width of one grapheme cluster, measured by
// the terminal's one width function.
func clusterWidth(c string) int { return cellwidth.String(c) }

// computeLayout lays out text with the cursor at index cur: prompt on the
// first line, cont on every following line, wrapped at width columns.
func computeLayout(prompt, cont string, text []rune, cur, width int) layout {
	w := &layouter{width: max(width, 1)}
	w.l.cells = make([]byte, 0, len(text)+len(text)/4)
	w.l.stops = make([]stop, 0, len(text)+1)
	w.l.rows = make([]row, 0, 1+len(text)/max(width, 1))
	w.newRow()
	w.putPrefix(prompt)
	for ls := 0; ; {
		le := ls
		for le < len(text) && text[le] != '\n' {
			le++
		}
		w.line(text, ls, le)
		if le == len(text) {
			break
		}
		w.l.stops = append(w.l.stops, stop{le, w.here()})
		w.newRow()
		w.putPrefix(cont)
		ls = le + 1
	}
	w.l.stops = append(w.l.stops, stop{len(text), w.here()})
	w.l.cursor = w.l.stops[0].at
	for _, st := range w.l.stops {
		if st.index > cur {
			break
		}
		w.l.cursor = st.at
	}
	return w.l
}

// line lays out text[ls:le], a line without its newline.
func (w *layouter) line(text []rune, ls, le int) {
	clusters(text, ls, le, func(start, end int) {
		switch r := text[start]; {
		case r == '\t':
			w.fit(tabWidth)
			w.l.stops = append(w.l.stops, stop{start, w.here()})
			w.l.cells = append(w.l.cells, "    "...)
			w.advance(tabWidth)
		case end == start+1 && r < 0x80:
			w.fit(1)
			w.l.stops = append(w.l.stops, stop{start, w.here()})
			w.l.cells = append(w.l.cells, byte(r))
			w.advance(1)
		default:
			c := string(text[start:end])
			w.cell(start, c, clusterWidth(c))
		}
	})
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
