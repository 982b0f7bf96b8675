package policy

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
	b, err := OpenBoundary(base)
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

// FuzzClassify checks that any command gets a valid risk and a reason, and
// that sudo never makes a command less risky than destructive.
func FuzzClassify(f *testing.F) {
	for _, s := range []string{"git push", "rm -rf /", "sh -c id", "env -S x", "xargs", "find . -exec", "curl -X", "npx -c", "python -m", "timeout", "git -c", "docker run -v", "perl -pi -e", "awk", "sed -e", "make deploy", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		words := strings.Split(line, " ")
		c := Classify(words[0], words[1:])
		if riskRank(c.Risk) == 0 || c.Reason == "" {
			t.Fatalf("Classify(%q) = %+v", line, c)
		}
		if s := Classify("sudo", words); riskRank(s.Risk) < riskRank(rDest) {
			t.Fatalf("sudo %q is only %s", line, s.Risk)
		}
	})
}
