package proc

import (
	"strings"
	"testing"
)

// TestVTAnswerer: the queries a pseudo console asks are answered, also
// when a read splits them; other escape sequences are left alone.
func TestVTAnswerer(t *testing.T) {
	const da, cpr = "\x1b[?61c", "\x1b[1;1R"
	for _, tc := range []struct {
		name   string
		chunks []string
		want   string
	}{
		{"da1 at start", []string{"\x1b[c\x1b[?25l hello"}, da},
		{"da1 with 0", []string{"x\x1b[0cy"}, da},
		{"cursor position", []string{"\x1b[6n"}, cpr},
		{"both in order", []string{"\x1b[6n..\x1b[c"}, cpr + da},
		{"split after ESC", []string{"abc\x1b", "[c"}, da},
		{"split after [", []string{"abc\x1b[", "6n"}, cpr},
		{"split in three", []string{"\x1b", "[", "0c"}, da},
		{"other sequences", []string{"\x1b[?9001h\x1b[?1004h\x1b[2J\x1b[m\x1b[H\x1b]0;C:\\x\\cmd.exe\x07\x1b[6;1H"}, ""},
		{"split non-query", []string{"\x1b[", "2J"}, ""},
		{"text only", []string{"hello\r\n", "world"}, ""},
	} {
		var a vtAnswerer
		var got strings.Builder
		for _, c := range tc.chunks {
			got.WriteString(a.answer([]byte(c)))
		}
		if got.String() != tc.want {
			t.Errorf("%s: answers %q, want %q", tc.name, got.String(), tc.want)
		}
	}
}
