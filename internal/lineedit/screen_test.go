package lineedit

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mattn/go-runewidth"
)

// screen is a minimal VT100-style terminal emulator: enough of xterm to
// check what the editor drew — printable text with wide characters,
// autowrap with the pending-wrap state, CR, LF with scrolling, cursor
// moves (CUU, CUD, CUF, CUB, CUP), erase (ED, EL). Other sequences are
// parsed and ignored.
type screen struct {
	w, h     int
	cells    [][]string // "" empty, wideTail right half of a wide rune
	row, col int
	pending  bool // the last column was written: the next rune wraps
	rest     []byte
}

const wideTail = "\x00"

func newScreen(w, h int) *screen {
	s := &screen{w: w, h: h}
	for range h {
		s.cells = append(s.cells, make([]string, w))
	}
	return s
}

// resize changes the width without re-flowing, as xterm does.
func (s *screen) resize(w int) {
	for i, r := range s.cells {
		n := make([]string, w)
		copy(n, r)
		s.cells[i] = n
	}
	s.w = w
	s.col = min(s.col, w-1)
	s.pending = false
}

func (s *screen) write(b []byte) {
	b = append(s.rest, b...)
	s.rest = nil
	for len(b) > 0 {
		n := s.step(b)
		if n == 0 {
			s.rest = append([]byte(nil), b...)
			return
		}
		b = b[n:]
	}
}

// step consumes one rune or sequence; 0 means it is incomplete.
func (s *screen) step(b []byte) int {
	switch c := b[0]; {
	case c == 0x1b:
		return s.escape(b)
	case c == '\r':
		s.col, s.pending = 0, false
	case c == '\n':
		s.lineFeed()
	case c == '\b':
		s.col, s.pending = max(s.col-1, 0), false
	case c < 0x20 || c == 0x7f:
	default:
		if !utf8.FullRune(b) {
			return 0
		}
		r, n := utf8.DecodeRune(b)
		s.put(r)
		return n
	}
	return 1
}

func (s *screen) lineFeed() {
	s.pending = false
	if s.row < s.h-1 {
		s.row++
		return
	}
	s.cells = append(s.cells[1:], make([]string, s.w))
}

func (s *screen) put(r rune) {
	w := runewidth.RuneWidth(r)
	if w == 0 {
		if c := s.col - 1; c >= 0 && !s.pending {
			s.cells[s.row][c] += string(r)
		} else if s.pending {
			s.cells[s.row][s.col] += string(r)
		}
		return
	}
	if s.pending || s.col+w > s.w {
		s.col = 0
		s.lineFeed()
	}
	s.cells[s.row][s.col] = string(r)
	if w == 2 {
		s.cells[s.row][s.col+1] = wideTail
	}
	if s.col+w >= s.w {
		s.col, s.pending = s.w-1, true
		return
	}
	s.col += w
}

func (s *screen) escape(b []byte) int {
	if len(b) < 2 {
		return 0
	}
	if b[1] != '[' {
		return 2
	}
	for i := 2; i < len(b); i++ {
		if b[i] >= 0x40 && b[i] <= 0x7e {
			s.csi(string(b[2:i]), b[i])
			return i + 1
		}
	}
	return 0
}

func (s *screen) csi(params string, final byte) {
	if params != "" && strings.ContainsAny(params[:1], "?<>=") {
		return // modes: cursor visibility, bracketed paste, kitty keyboard
	}
	ps := strings.Split(params, ";")
	arg := func(i, def int) int {
		if i < len(ps) {
			if n, err := strconv.Atoi(ps[i]); err == nil && n > 0 {
				return n
			}
		}
		return def
	}
	switch final {
	case 'A':
		s.row = max(s.row-arg(0, 1), 0)
	case 'B':
		s.row = min(s.row+arg(0, 1), s.h-1)
	case 'C':
		s.col = min(s.col+arg(0, 1), s.w-1)
	case 'D':
		s.col = max(s.col-arg(0, 1), 0)
	case 'H':
		s.row, s.col = min(arg(0, 1), s.h)-1, min(arg(1, 1), s.w)-1
	case 'J':
		s.eraseDisplay(arg(0, 0))
	case 'K':
		clear(s.cells[s.row][s.col:])
	case 'm':
		return
	}
	s.pending = false
}

func (s *screen) eraseDisplay(mode int) {
	if mode == 2 {
		for _, r := range s.cells {
			clear(r)
		}
		return
	}
	clear(s.cells[s.row][s.col:])
	for _, r := range s.cells[s.row+1:] {
		clear(r)
	}
}

// lines returns the rows as text, trailing blanks and empty rows trimmed.
func (s *screen) lines() []string {
	var out []string
	for _, r := range s.cells {
		var b strings.Builder
		for _, c := range r {
			switch c {
			case wideTail:
			case "":
				b.WriteByte(' ')
			default:
				b.WriteString(c)
			}
		}
		out = append(out, strings.TrimRight(b.String(), " "))
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}

func (s *screen) text() string { return strings.Join(s.lines(), "\n") }

func (s *screen) cursor() point {
	if s.pending {
		return point{s.row, s.w}
	}
	return point{s.row, s.col}
}
