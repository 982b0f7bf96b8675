package toolactors

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/wtagent/wtagent/protocol"
)

// FuzzCleanTerminal: cleaning never panics, never leaves an escape or a
// carriage return, and is idempotent.
func FuzzCleanTerminal(f *testing.F) {
	for _, s := range []string{"\x1b[31mred\x1b[0m\r\n", "a\rb\r\nc", "\x1b]0;t\x07x", "\x1b", "\x1b[", "ab\b\bc", "✓\x1b(B", "café\b", "\x9b31mx", "\xff\xfe"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		out := cleanTerminal(in)
		if bytes.IndexByte(out, 0x1b) >= 0 || bytes.IndexByte(out, '\r') >= 0 || !utf8.Valid(out) {
			t.Fatalf("clean(%q) = %q", in, out)
		}
		if again := cleanTerminal(out); !bytes.Equal(again, out) {
			t.Fatalf("not idempotent: %q -> %q", out, again)
		}
	})
}

// FuzzIgnoreLine: any .gitignore line parses without panicking and its
// rule matches consistently.
func FuzzIgnoreLine(f *testing.F) {
	for _, s := range []string{"*.log", "!keep.log", "/build/", "a/**/b", "**/x", "[a-c]?.txt", `\#x`, "trailing  ", "[!/]", "a\\", "[[:alpha:]]"} {
		f.Add(s, "a/b/c.log")
	}
	f.Fuzz(func(t *testing.T, line, path string) {
		r, ok := parseIgnoreLine(line)
		if !ok {
			return
		}
		_ = r.re.MatchString(path)
		f := &ignoreFile{rules: []ignoreRule{r}}
		a1, m1 := f.match(path, true)
		a2, m2 := f.match(path, true)
		if a1 != a2 || m1 != m2 {
			t.Fatal("match not deterministic")
		}
		_ = ripgrepRules(ignoreStack{f})
		if g, err := compilePathGlob(line); err == nil {
			_ = g.match(path)
		}
	})
}

// FuzzApplyEdits: edits either fail and change nothing, or succeed with
// the new text present.
func FuzzApplyEdits(f *testing.F) {
	f.Add("a b a\r\nc\n", "a", "x", false)
	f.Add("one\ntwo\n", "two\n", "", true)
	f.Fuzz(func(t *testing.T, s, old, repl string, all bool) {
		out, n, err := applyEdits(s, []protocol.Edit{{OldText: old, NewText: repl, ReplaceAll: all}})
		if err != nil {
			if out != "" || n != 0 {
				t.Fatal("failed edit returned output")
			}
			return
		}
		if n < 1 || (!all && n != 1) || (repl != "" && !strings.Contains(out, strings.ReplaceAll(repl, "\n", "")) && !strings.Contains(out, repl)) {
			t.Fatalf("edit %q->%q on %q gave %q (%d)", old, repl, s, out, n)
		}
	})
}
