package cellwidth

import (
	"strings"
	"testing"
)

const (
	family = "👨\u200d👩\u200d👧" // a ZWJ sequence: one cluster, two cells
	flag   = "🇯🇵"              // two regional indicators: one cluster
	eAcute = "e\u0301"         // e and a combining acute accent
	red    = "\x1b[31m"
	reset  = "\x1b[0m"
)

func TestString(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    string
		want int
	}{
		{"empty", "", 0},
		{"ascii", "hello", 5},
		{"cjk", "你好世界", 8},
		{"cjk mixed", "a你b好", 6},
		{"fullwidth punctuation", "，。", 4},
		{"emoji", "🙂", 2},
		{"emoji presentation selector", "☺\ufe0f", 2},
		{"zwj family", family, 2},
		{"flag", flag, 2},
		{"two flags", flag + flag, 4},
		{"combining mark", eAcute, 1},
		{"combining marks", "a\u0300\u0301\u0302b", 2},
		{"hangul jamo cluster", "\u1100\u1161\u11a8", 2},
		{"ansi colour", red + "你好" + reset, 4},
		{"ansi around emoji", red + family + reset + "x", 3},
		{"osc hyperlink", "\x1b]8;;http://x\x07link\x1b]8;;\x07", 4},
		{"spinner and ellipsis", "⠋ …", 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := String(tc.s); got != tc.want {
				t.Errorf("String(%q) = %d, want %d", tc.s, got, tc.want)
			}
		})
	}
}

func TestTruncate(t *testing.T) {
	for _, tc := range []struct {
		name, s string
		n       int
		tail    string
		want    string
	}{
		{"fits", "你好", 4, "…", "你好"},
		{"ascii", "abcdef", 4, "…", "abc…"},
		{"cjk even", "你好世界", 5, "…", "你好…"},
		{"cjk odd keeps no half", "你好世界", 6, "…", "你好…"},
		{"cjk no tail", "你好世界", 5, "", "你好"},
		{"zwj not split", "ab" + family + "cd", 4, "…", "ab…"},
		{"zwj kept whole", "ab" + family + "cd", 5, "…", "ab" + family + "…"},
		{"flag not split", flag + flag + flag, 5, "…", flag + flag + "…"},
		{"combining kept with base", "a" + eAcute + "bcd", 3, "…", "a" + eAcute + "…"},
		{"ansi kept", red + "你好世界" + reset, 5, "…", red + "你好…" + reset},
		{"zero", "abc", 0, "…", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Truncate(tc.s, tc.n, tc.tail)
			if got != tc.want {
				t.Errorf("Truncate(%q, %d, %q) = %q, want %q", tc.s, tc.n, tc.tail, got, tc.want)
			}
			if w := String(got); w > max(tc.n, 0) {
				t.Errorf("Truncate(%q, %d) is %d cells", tc.s, tc.n, w)
			}
		})
	}
}

func TestTruncateLeft(t *testing.T) {
	for _, tc := range []struct {
		name, s string
		n       int
		want    string
	}{
		{"fits", "你好", 4, "你好"},
		{"ascii", "abcdef", 4, "…def"},
		{"cjk even", "你好世界", 5, "…世界"},
		{"cjk odd keeps no half", "你好世界", 6, "…世界"},
		{"zwj not split", "ab" + family + "cd", 4, "…cd"},
		{"zwj kept whole", "ab" + family + "cd", 5, "…" + family + "cd"},
		{"flag", flag + flag + flag, 5, "…" + flag + flag},
		{"zero", "abc", 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := TruncateLeft(tc.s, tc.n, "…")
			if got != tc.want {
				t.Errorf("TruncateLeft(%q, %d) = %q, want %q", tc.s, tc.n, got, tc.want)
			}
		})
	}
}

// TestTruncateNeverOverflows cuts a long mixed text at every width.
func TestTruncateNeverOverflows(t *testing.T) {
	s := strings.Repeat("写代码"+family+"ok"+eAcute+flag+red+"色"+reset, 5)
	for n := 1; n <= String(s)+1; n++ {
		if w := String(Truncate(s, n, "…")); w > n {
			t.Errorf("Truncate(_, %d) is %d cells", n, w)
		}
		if w := String(TruncateLeft(s, n, "…")); w > n {
			t.Errorf("TruncateLeft(_, %d) is %d cells", n, w)
		}
	}
}

func TestWrap(t *testing.T) {
	for _, tc := range []struct {
		name, s string
		n       int
		want    string
	}{
		{"fits", "你好", 4, "你好"},
		{"cjk even", "你好世界", 4, "你好\n世界"},
		{"cjk odd moves whole", "a你好世", 4, "a你\n好世"},
		{"zwj whole", "abc" + family + "d", 4, "abc\n" + family + "d"},
		{"combining with base", "abc" + eAcute + "f", 4, "abc" + eAcute + "\nf"},
		{"ansi kept", red + "你好世界" + reset, 4, red + "你好\n世界" + reset},
		{"newlines kept", "ab\n你好世界", 4, "ab\n你好\n世界"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Wrap(tc.s, tc.n)
			if got != tc.want {
				t.Errorf("Wrap(%q, %d) = %q, want %q", tc.s, tc.n, got, tc.want)
			}
			for _, l := range strings.Split(got, "\n") {
				if String(l) > tc.n {
					t.Errorf("line %q is wider than %d", l, tc.n)
				}
			}
		})
	}
}

func TestFirstCluster(t *testing.T) {
	s := "a" + eAcute + family + flag + "你" + "\t"
	var got []string
	sum := 0
	for rest := s; rest != ""; {
		c, w := FirstCluster(rest)
		got = append(got, c)
		sum += w
		rest = rest[len(c):]
	}
	want := []string{"a", eAcute, family, flag, "你", "\t"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("clusters %q, want %q", got, want)
	}
	if sum != String(s) {
		t.Errorf("clusters add up to %d cells, String says %d", sum, String(s))
	}
}

func TestWrapWords(t *testing.T) {
	for _, tc := range []struct {
		name, s string
		n       int
		want    string
	}{
		{"at a space", "Ctrl+D quits now", 10, "Ctrl+D\nquits now"},
		{"spaces at the break dropped", "aaa   bbb", 5, "aaa\nbbb"},
		{"long word hard broken", "abcdefghij", 4, "abcd\nefgh\nij"},
		{"cjk by character", "Hello 你好世界", 9, "Hello 你\n好世界"},
		{"indented under the marker", "⏺ one two three", 9, "⏺ one two\n  three"},
		{"indented under leading spaces", "    alpha beta", 11, "    alpha\n    beta"},
		{"indented under a box", "│ reads a file outside", 14, "│ reads a file\n  outside"},
		{"table row under its column", "  /help    this list of all", 24, "  /help    this list of\n           all"},
		{"table column too far: leading spaces", "  /help    this list of all", 20, "  /help    this list\n  of all"},
		{"a marked row is no table", "└ [y] once  [a] task › ", 16, "└ [y] once  [a]\n  task ›"},
		{"no lone mark", "[n] deny ›", 9, "[n]\ndeny ›"},
		{"no lone paren", "[n] deny (this task)", 15, "[n] deny (this\ntask)"},
		{"ansi kept at a break", red + "one two" + reset, 4, red + "one\ntwo" + reset},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Wrap(tc.s, tc.n)
			if got != tc.want {
				t.Errorf("Wrap(%q, %d) = %q, want %q", tc.s, tc.n, got, tc.want)
			}
			for _, l := range strings.Split(got, "\n") {
				if String(l) > tc.n {
					t.Errorf("line %q is wider than %d", l, tc.n)
				}
			}
		})
	}
}
