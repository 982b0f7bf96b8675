package policy

import (
	"bytes"
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

// FuzzRedact checks that Redact is idempotent and that the writer, fed in
// arbitrary pieces, writes what Redact returns for the whole text.
func FuzzRedact(f *testing.F) {
	for _, s := range []string{"ghp_0123456789abcdefghijABCDEFGHIJ012345", "password=hunter2\n", "https://u:p@h/", "Bearer abcdefghijklmnop", "sk-abcdefghijklmnopqrstuvwxyz", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.x", "-----BEGIN RSA PRIVATE KEY-----\nx\n-----END RSA PRIVATE KEY-----\n"} {
		f.Add(s, uint8(3))
	}
	f.Fuzz(func(t *testing.T, s string, step uint8) {
		once := Redact(s)
		if twice := Redact(once); twice != once {
			t.Fatalf("Redact not idempotent on %q:\n%q\n%q", s, once, twice)
		}
		if strings.Contains(s, "PRIVATE KEY") || len(s) > maxPending {
			return
		}
		var out bytes.Buffer
		w := NewRedactingWriter(&out)
		n := int(step%16) + 1
		for i := 0; i < len(s); i += n {
			w.Write([]byte(s[i:min(i+n, len(s))]))
		}
		w.Flush()
		if out.String() != once {
			t.Fatalf("writer and Redact differ on %q:\nwriter %q\nRedact %q", s, out.String(), once)
		}
	})
}
