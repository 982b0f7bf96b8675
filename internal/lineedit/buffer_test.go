package lineedit

import (
	"strings"
	"testing"
)

// bufferAt builds a buffer from s, where "|" marks the cursor.
func bufferAt(s string) *buffer {
	i := strings.Index(s, "|")
	b := &buffer{text: []rune(s[:i] + s[i+1:])}
	b.cur = len([]rune(s[:i]))
	return b
}

func (b *buffer) marked() string {
	return string(b.text[:b.cur]) + "|" + string(b.text[b.cur:])
}

func TestBufferOps(t *testing.T) {
	tests := []struct {
		name, in string
		op       func(*buffer)
		want     string
	}{
		{"insert", "ab|c", func(b *buffer) { b.insert("XY") }, "abXY|c"},
		{"insert combining mark joins the cluster", "e|x", func(b *buffer) { b.insert("\u0301") }, "e\u0301|x"},
		{"backspace cluster", "x👍🏽|", (*buffer).backspace, "x|"},
		{"backspace newline", "a\n|b", (*buffer).backspace, "a|b"},
		{"backspace at start", "|ab", (*buffer).backspace, "|ab"},
		{"delete cluster", "|e\u0301x", (*buffer).deleteNext, "|x"},
		{"delete at end", "ab|", (*buffer).deleteNext, "ab|"},
		{"left over flag", "🇫🇷|", (*buffer).left, "|🇫🇷"},
		{"right over zwj sequence", "|👩‍💻x", (*buffer).right, "👩‍💻|x"},
		{"home of second line", "a\nbc|d", (*buffer).home, "a\n|bcd"},
		{"end of first line", "a|b\ncd", (*buffer).end, "ab|\ncd"},
		{"word left", "foo bar_baz|", (*buffer).wordLeft, "foo |bar_baz"},
		{"word left over punctuation", "foo.. |", (*buffer).wordLeft, "|foo.. "},
		{"word right", "|  foo bar", (*buffer).wordRight, "  foo| bar"},
		{"kill to start", "ab\ncd|ef", func(b *buffer) { b.killToStart() }, "ab\n|ef"},
		{"kill to start joins lines", "ab\n|cd", func(b *buffer) { b.killToStart() }, "ab|cd"},
		{"kill to end", "ab|cd\nef", func(b *buffer) { b.killToEnd() }, "ab|\nef"},
		{"kill to end joins lines", "ab|\ncd", func(b *buffer) { b.killToEnd() }, "ab|cd"},
		{"kill word back", "git commit -m|", func(b *buffer) { b.killWordBack() }, "git commit |"},
		{"kill word back over spaces", "a bc  |", func(b *buffer) { b.killWordBack() }, "a |"},
		{"kill alnum back", "path/to/file|", func(b *buffer) { b.killAlnumBack() }, "path/to/|"},
		{"kill word forward", "a|  bc d", func(b *buffer) { b.killWordFwd() }, "a| d"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := bufferAt(tt.in)
			tt.op(b)
			if got := b.marked(); got != tt.want {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
		})
	}
}
