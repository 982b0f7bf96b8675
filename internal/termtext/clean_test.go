package termtext

import (
	"bytes"
	"testing"
	"unicode/utf8"
)

func TestCleanTerminal(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain\n", "plain\n"},
		{"crlf\r\nline\r\n", "crlf\nline\n"},
		{"\x1b[32mgreen\x1b[0m \x1b[1;4mbold\x1b[22m\n", "green bold\n"},
		{"progress 10%\rprogress 50%\rprogress 100%\ndone\n", "progress 100%\ndone\n"},
		{"\x1b]0;title\x07after\n", "after\n"},
		{"\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\\n", "link\n"},
		{"\x1b(Bcharset\n", "charset\n"},
		{"ab\bc\n", "ac\n"},
		{"tab\there\x00\x07\n", "tab\there\n"},
		{"\x1b[2K\x1b[1Gspinner\n", "spinner\n"},
		{"unterminated \x1b[", "unterminated "},
		{"utf8 ✓ é\n", "utf8 ✓ é\n"},
		{"café\b\n", "caf\n"},                       // a backspace erases a character, not a byte
		{"\x9b31mred\x9b0m 8-bit\n", "red 8-bit\n"}, // 8-bit CSI
		{"\x9d0;title\x9cafter\n", "after\n"},       // 8-bit OSC ended by 8-bit ST
		{"bad \xff byte\n", "bad  byte\n"},          // an invalid byte is dropped: the text stays UTF-8
	}
	for _, tc := range tests {
		if got := string(Clean([]byte(tc.in))); got != tc.want {
			t.Errorf("clean(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// FuzzCleanTerminal: cleaning never panics, never leaves an escape or a
// carriage return, and is idempotent.
func FuzzCleanTerminal(f *testing.F) {
	for _, s := range []string{"\x1b[31mred\x1b[0m\r\n", "a\rb\r\nc", "\x1b]0;t\x07x", "\x1b", "\x1b[", "ab\b\bc", "✓\x1b(B", "café\b", "\x9b31mx", "\xff\xfe"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		out := Clean(in)
		if bytes.IndexByte(out, 0x1b) >= 0 || bytes.IndexByte(out, '\r') >= 0 || !utf8.Valid(out) {
			t.Fatalf("clean(%q) = %q", in, out)
		}
		if again := Clean(out); !bytes.Equal(again, out) {
			t.Fatalf("not idempotent: %q -> %q", out, again)
		}
	})
}
