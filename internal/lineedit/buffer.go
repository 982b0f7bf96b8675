package lineedit

import (
	"slices"
	"unicode"
	"unicode/utf8"

	"github.com/wtagent/wtagent/internal/cellwidth"
)

// buffer is the text being edited and the cursor, an index into text that
// always sits on a grapheme-cluster boundary, so an emoji with a skin-tone
// modifier or a letter with a combining accent moves and deletes as one.
type buffer struct {
	text []rune
	cur  int
}

// set replaces the text and puts the cursor at its end.
func (b *buffer) set(s string) {
	b.text = []rune(s)
	b.cur = len(b.text)
}

func (b *buffer) String() string { return string(b.text) }

// lineStart returns the index of the first rune of the line holding i.
func (b *buffer) lineStart(i int) int {
	for i > 0 && b.text[i-1] != '\n' {
		i--
	}
	return i
}

// lineEnd returns the index of the newline ending the line holding i, or
// len(text).
func (b *buffer) lineEnd(i int) int {
	for i < len(b.text) && b.text[i] != '\n' {
		i++
	}
	return i
}

// clusters calls fn with the rune offsets of each grapheme cluster of
// text[lo:hi], a part of one line. An ASCII line (the common case) needs no
// segmentation: there every rune is a cluster.
func clusters(text []rune, lo, hi int, fn func(start, end int)) {
	ascii := true
	for _, r := range text[lo:hi] {
		if r >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		for i := lo; i < hi; i++ {
			fn(i, i+1)
		}
		return
	}
	s := string(text[lo:hi])
	for i := lo; s != ""; {
		c, _ := cellwidth.FirstCluster(s)
		s = s[len(c):]
		n := utf8.RuneCountInString(c)
		fn(i, i+n)
		i += n
	}
}

// prev returns the cluster boundary before i.
func (b *buffer) prev(i int) int {
	if i == 0 || b.text[i-1] == '\n' {
		return max(i-1, 0)
	}
	p := i - 1
	clusters(b.text, b.lineStart(i), i, func(start, _ int) { p = start })
	return p
}

// next returns the cluster boundary after i.
func (b *buffer) next(i int) int {
	if i >= len(b.text) {
		return len(b.text)
	}
	if b.text[i] == '\n' {
		return i + 1
	}
	n := i + 1
	done := false
	clusters(b.text, i, b.lineEnd(i), func(_, end int) {
		if !done {
			n, done = end, true
		}
	})
	return n
}

// snap returns the first cluster boundary at or after i.
func (b *buffer) snap(i int) int {
	ls, le := b.lineStart(i), b.lineEnd(i)
	if i == ls || i == le {
		return i
	}
	out := le
	clusters(b.text, ls, le, func(start, end int) {
		if start < i && i < end {
			out = end
		} else if start == i {
			out = i
		}
	})
	return out
}

// insert puts s at the cursor and moves the cursor after it.
func (b *buffer) insert(s string) {
	r := []rune(s)
	b.text = slices.Insert(b.text, b.cur, r...)
	b.cur = b.snap(b.cur + len(r))
}

// cut removes text[lo:hi], leaves the cursor at lo and returns the text.
func (b *buffer) cut(lo, hi int) string {
	if lo >= hi {
		return ""
	}
	s := string(b.text[lo:hi])
	b.text = slices.Delete(b.text, lo, hi)
	b.cur = lo
	return s
}

func (b *buffer) backspace()  { b.cut(b.prev(b.cur), b.cur) }
func (b *buffer) deleteNext() { b.cut(b.cur, b.next(b.cur)) }
func (b *buffer) left()       { b.cur = b.prev(b.cur) }
func (b *buffer) right()      { b.cur = b.next(b.cur) }
func (b *buffer) home()       { b.cur = b.lineStart(b.cur) }
func (b *buffer) end()        { b.cur = b.lineEnd(b.cur) }
func (b *buffer) toEnd()      { b.cur = len(b.text) }
func (b *buffer) empty() bool { return len(b.text) == 0 }

func isWord(r rune) bool   { return r == '_' || unicode.In(r, unicode.L, unicode.N, unicode.M) }
func notWord(r rune) bool  { return !isWord(r) }
func isSpace(r rune) bool  { return unicode.IsSpace(r) }
func notSpace(r rune) bool { return !unicode.IsSpace(r) }

// wordStart returns the start of the word before i (Alt+Left).
func (b *buffer) wordStart(i int) int {
	return b.snapDown(b.skipBack(b.skipBack(i, notWord), isWord))
}

// wordEnd returns the end of the word after i (Alt+Right).
func (b *buffer) wordEnd(i int) int {
	return b.snap(b.skipFwd(b.skipFwd(i, notWord), isWord))
}

func (b *buffer) wordLeft()             { b.cur = b.wordStart(b.cur) }
func (b *buffer) wordRight()            { b.cur = b.wordEnd(b.cur) }
func (b *buffer) killWordFwd() string   { return b.cut(b.cur, b.wordEnd(b.cur)) }
func (b *buffer) killAlnumBack() string { return b.cut(b.wordStart(b.cur), b.cur) }

// killWordBack removes the whitespace-delimited word before the cursor
// (Ctrl+W, as in a shell).
func (b *buffer) killWordBack() string {
	return b.cut(b.snapDown(b.skipBack(b.skipBack(b.cur, isSpace), notSpace)), b.cur)
}

// snapDown returns the last cluster boundary at or before i.
func (b *buffer) snapDown(i int) int {
	ls, le := b.lineStart(i), b.lineEnd(i)
	out := i
	clusters(b.text, ls, le, func(start, end int) {
		if start < i && i < end {
			out = start
		}
	})
	return out
}

// skipBack moves back from i over runes matching f.
func (b *buffer) skipBack(i int, f func(rune) bool) int {
	for i > 0 && f(b.text[i-1]) {
		i--
	}
	return i
}

// skipFwd moves forward from i over runes matching f.
func (b *buffer) skipFwd(i int, f func(rune) bool) int {
	for i < len(b.text) && f(b.text[i]) {
		i++
	}
	return i
}

// killToStart removes the text from the start of the line to the cursor;
// at the start of a line it joins the line with the previous one.
func (b *buffer) killToStart() string {
	ls := b.lineStart(b.cur)
	if ls == b.cur {
		return b.cut(max(ls-1, 0), b.cur)
	}
	return b.cut(ls, b.cur)
}

// killToEnd removes the text from the cursor to the end of the line; at the
// end of a line it joins the next line.
func (b *buffer) killToEnd() string {
	le := b.lineEnd(b.cur)
	if le == b.cur {
		return b.cut(b.cur, min(le+1, len(b.text)))
	}
	return b.cut(b.cur, le)
}
