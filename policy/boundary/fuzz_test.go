package boundary

import (
	"path/filepath"
	"strings"
	"testing"
)

// FuzzResolve checks that whatever the model sends, a resolved path is a
// clean path inside the root, and Check never panics on it.
func FuzzResolve(f *testing.F) {
	for _, s := range []string{"src/main.go", "../x", "/etc/passwd", "~/.ssh/id_rsa", "a/../../b", "a\x00b", "x.", " x", ".", "./", "//", "~", "~u", `a\b`, "\u202e", strings.Repeat("a/", 300)} {
		f.Add(s)
	}
	base := f.TempDir()
	b, err := Open(base)
	if err != nil {
		f.Fatal(err)
	}
	defer b.Close()
	f.Fuzz(func(t *testing.T, p string) {
		rel, err := b.Resolve(p)
		if err != nil {
			if ReasonOf(err) == "" {
				t.Fatalf("Resolve(%q): error without a reason", p)
			}
			return
		}
		if rel != "." && !filepath.IsLocal(rel) {
			t.Fatalf("Resolve(%q) = %q, not local", p, rel)
		}
		if !strings.HasPrefix(filepath.Join(b.Dir(), rel), b.Dir()) || strings.ContainsRune(rel, 0) {
			t.Fatalf("Resolve(%q) = %q leaves the root", p, rel)
		}
		b.Check(rel, false)
		b.Check(rel, true)
	})
}
