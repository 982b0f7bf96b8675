package cellwidth

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Wrap breaks s into lines of at most n cells, keeping ANSI escape
// sequences and the newlines s already has. A line breaks at a space
// (the spaces at the break are dropped), before or after a wide cluster
// (CJK breaks between any two characters), and inside a word only when
// the word alone is wider than a line; grapheme clusters are never split.
// A continuation line is indented under its block: by the line's
// leading spaces and its marker ("⏺ ", "│ ", "- "), or, in an indented
// table row (a gap of two spaces in its first cells), under the column
// after the gap; when that takes at most half a line. With n < 1 s is returned as it is.
func Wrap(s string, n int) string {
	if n < 1 {
		return s
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = wrapLine(l, n)
	}
	return strings.Join(lines, "\n")
}

// piece is a grapheme cluster (width > 0 or a control character) or an
// escape sequence (esc, no width) of a line.
type piece struct {
	text  string
	width int
	esc   bool
	space bool
}

// pieces splits a line into its clusters and escape sequences.
func pieces(line string) []piece {
	var out []piece
	var state byte
	for line != "" {
		seq, w, n, st := ansi.DecodeSequence(line, state, nil)
		state = st
		if n <= 0 {
			n = 1
			seq = line[:1]
		}
		r, _ := utf8.DecodeRuneInString(seq)
		esc := w == 0 && (seq[0] == 0x1b || seq[0] == 0x9b)
		out = append(out, piece{text: seq, width: w, esc: esc, space: !esc && len(seq) == 1 && unicode.IsSpace(r)})
		line = line[n:]
	}
	return out
}

// glueLastMark keeps a line's last word with the one before it when it is
// a mark of a cell or two ("›", ")"): the spaces before it are no break,
// so no row holds it alone.
func glueLastMark(ps []piece) []piece {
	end := len(ps)
	for end > 0 && (ps[end-1].space || ps[end-1].esc) {
		end--
	}
	start, width := end, 0
	for start > 0 && !ps[start-1].space {
		start--
		width += ps[start].width
		if !ps[start].esc && !isMark(ps[start].text) {
			return ps
		}
	}
	if width == 0 || width > 2 {
		return ps
	}
	for i := start - 1; i >= 0 && ps[i].space; i-- {
		ps[i].space = false
	}
	return ps
}

// indentOf is the width a line's continuation is indented by: its
// leading spaces, then a marker (a symbol or a short bullet followed by
// a space), at most half of n.
func indentOf(ps []piece, n int) int {
	w, i := 0, 0
	for ; i < len(ps) && (ps[i].esc || ps[i].space); i++ {
		w += ps[i].width
	}
	// A marker: one cluster that is no letter or digit (⏺ ▸ │ └ ✓ - •),
	// then a space.
	j := i
	for j < len(ps) && ps[j].esc {
		j++
	}
	if j+1 < len(ps) && !ps[j].space && ps[j].width > 0 && isMark(ps[j].text) {
		k := j + 1
		for k < len(ps) && ps[k].esc {
			k++
		}
		if k < len(ps) && ps[k].space {
			w += ps[j].width + ps[k].width
		}
	}
	if c := columnOf(ps); i > 0 && c > w && c <= n/2 {
		return c // an indented table row
	}
	if w > n/2 {
		return 0
	}
	return w
}

// tableGap is how far into a row a gap of two spaces makes it a table row.
const tableGap = 24

// columnOf is the cell where a table row's second column starts: after
// its first gap of two or more spaces within tableGap cells, past the
// leading spaces; 0 for none.
func columnOf(ps []piece) int {
	w, i := 0, 0
	for ; i < len(ps) && (ps[i].esc || ps[i].space); i++ {
		w += ps[i].width
	}
	gap := 0
	for ; i < len(ps) && w <= tableGap; i++ {
		w += ps[i].width
		switch {
		case ps[i].esc:
		case ps[i].space:
			gap++
		case gap >= 2:
			return w - ps[i].width
		default:
			gap = 0
		}
	}
	return 0
}

// isMark reports whether a cluster is a block marker: a symbol or
// punctuation, not a letter or digit.
func isMark(c string) bool {
	r, _ := utf8.DecodeRuneInString(c)
	return !unicode.IsLetter(r) && !unicode.IsDigit(r)
}

// wrapLine wraps one line (no newline in it).
func wrapLine(line string, n int) string {
	if String(line) <= n {
		return line
	}
	ps := glueLastMark(pieces(line))
	w := &wrapper{n: n, indent: indentOf(ps, n)}
	for _, p := range ps {
		w.add(p)
	}
	w.flush(len(w.row))
	return strings.TrimSuffix(w.out.String(), "\n")
}

// wrapper lays pieces out in rows.
type wrapper struct {
	n, indent int
	out       strings.Builder
	row       []piece
	width     int
	// start is how many pieces of row are the continuation's indent;
	// brk is where row may end (the rest moves on), valid above start.
	start, brk int
}

// add lays out the next piece.
func (w *wrapper) add(p piece) {
	switch {
	case p.space && w.width+p.width > w.n:
		w.flush(len(w.row)) // the space is the break: dropped
		return
	case !p.space && p.width > 0 && w.width+p.width > w.n:
		if w.brk > w.start {
			w.flush(w.brk)
		}
		if w.width+p.width > w.n && w.width > w.indent {
			w.flush(len(w.row))
		}
	}
	if p.width > 1 && len(w.row) > w.start {
		w.brk = len(w.row) // before a wide cluster
	}
	w.row = append(w.row, p)
	w.width += p.width
	if p.space || p.width > 1 {
		w.brk = len(w.row) // after a space or a wide cluster
	}
}

// flush writes row[:upto] as a line, its trailing spaces dropped (its
// escape sequences kept), and starts the next row, indented, with the
// rest of row less its leading spaces.
func (w *wrapper) flush(upto int) {
	last := -1
	for i, p := range w.row[:upto] {
		if !p.space && !p.esc {
			last = i
		}
	}
	for i, p := range w.row[:upto] {
		if i > last && p.space {
			continue
		}
		w.out.WriteString(p.text)
	}
	w.out.WriteByte('\n')
	rest := w.row[upto:]
	for len(rest) > 0 && rest[0].space {
		rest = rest[1:]
	}
	w.row, w.width, w.start, w.brk = nil, 0, 0, 0
	if w.indent > 0 {
		w.row = append(w.row, piece{text: strings.Repeat(" ", w.indent), width: w.indent})
		w.width, w.start = w.indent, 1
	}
	for _, p := range rest {
		w.row = append(w.row, p)
		w.width += p.width
		if p.space || p.width > 1 {
			w.brk = len(w.row)
		}
	}
}
