package tui

import (
	"strings"
	"unicode"

	"github.com/wtagent/wtagent/internal/cellwidth"
)

// buffer is the text being typed and the cursor in it (a byte offset on a
// grapheme cluster boundary).
type buffer struct {
	text string
	cur  int
}

// set replaces the text and puts the cursor at its end.
func (b *buffer) set(s string) { b.text, b.cur = s, len(s) }

// insert types s at the cursor.
func (b *buffer) insert(s string) {
	b.text = b.text[:b.cur] + s + b.text[b.cur:]
	b.cur += len(s)
}

// clusterEnds lists the byte offsets where each grapheme cluster of s ends.
func clusterEnds(s string) []int {
	var ends []int
	for i := 0; i < len(s); {
		c, _ := cellwidth.FirstCluster(s[i:])
		if c == "" {
			c = s[i : i+1]
		}
		i += len(c)
		ends = append(ends, i)
	}
	return ends
}

// prev is the start of the cluster before the cursor.
func (b *buffer) prev() int {
	p := 0
	for _, e := range clusterEnds(b.text[:b.cur]) {
		if e < b.cur {
			p = e
		}
	}
	return p
}

// next is the end of the cluster after the cursor.
func (b *buffer) next() int {
	if b.cur >= len(b.text) {
		return b.cur
	}
	c, _ := cellwidth.FirstCluster(b.text[b.cur:])
	if c == "" {
		return b.cur + 1
	}
	return b.cur + len(c)
}

func (b *buffer) left()  { b.cur = b.prev() }
func (b *buffer) right() { b.cur = b.next() }

// lineStart and lineEnd are the bounds of the cursor's logical line.
func (b *buffer) lineStart() int { return strings.LastIndexByte(b.text[:b.cur], '\n') + 1 }
func (b *buffer) lineEnd() int {
	if i := strings.IndexByte(b.text[b.cur:], '\n'); i >= 0 {
		return b.cur + i
	}
	return len(b.text)
}

// cut removes text[from:to], puts the cursor at from and returns it.
func (b *buffer) cut(from, to int) string {
	s := b.text[from:to]
	b.text = b.text[:from] + b.text[to:]
	b.cur = from
	return s
}

func (b *buffer) backspace() {
	if b.cur > 0 {
		b.cut(b.prev(), b.cur)
	}
}

func (b *buffer) deleteNext() {
	if b.cur < len(b.text) {
		b.cut(b.cur, b.next())
	}
}

// wordStart is where the word before the cursor starts (spaces before it
// skipped).
func (b *buffer) wordStart() int {
	i := b.cur
	for i > 0 && isSpaceBefore(b.text, i) {
		i = strings.LastIndexFunc(b.text[:i], func(r rune) bool { return true })
	}
	for i > 0 && !isSpaceBefore(b.text, i) {
		i = strings.LastIndexFunc(b.text[:i], func(r rune) bool { return true })
	}
	return i
}

// wordEnd is where the word after the cursor ends.
func (b *buffer) wordEnd() int {
	i := b.cur
	rest := func() string { return b.text[i:] }
	for i < len(b.text) && unicode.IsSpace(firstRune(rest())) {
		i += len(string(firstRune(rest())))
	}
	for i < len(b.text) && !unicode.IsSpace(firstRune(rest())) {
		i += len(string(firstRune(rest())))
	}
	return i
}

func isSpaceBefore(s string, i int) bool {
	r := []rune(s[:i])
	return len(r) > 0 && unicode.IsSpace(r[len(r)-1])
}

func firstRune(s string) rune {
	for _, r := range s {
		return r
	}
	return 0
}

// up and down move the cursor to the logical line above or below at the
// same column (in cells); they report false on the first or last line.
func (b *buffer) up() bool {
	start := b.lineStart()
	if start == 0 {
		return false
	}
	col := cellwidth.String(b.text[start:b.cur])
	pstart := strings.LastIndexByte(b.text[:start-1], '\n') + 1
	b.cur = atColumn(b.text, pstart, start-1, col)
	return true
}

func (b *buffer) down() bool {
	end := b.lineEnd()
	if end == len(b.text) {
		return false
	}
	col := cellwidth.String(b.text[b.lineStart():b.cur])
	nend := len(b.text)
	if i := strings.IndexByte(b.text[end+1:], '\n'); i >= 0 {
		nend = end + 1 + i
	}
	b.cur = atColumn(b.text, end+1, nend, col)
	return true
}

// atColumn is the offset in text[from:to] nearest to col cells from from.
func atColumn(text string, from, to, col int) int {
	w := 0
	for _, e := range clusterEnds(text[from:to]) {
		cw := cellwidth.String(text[from : from+e])
		if cw > col {
			break
		}
		w = e
	}
	return from + w
}
