package tools

import (
	"strings"
	"testing"

	"github.com/wtagent/wtagent/protocol"
)

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
