package policy

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/policy/boundary"
)

// Short names for the risks in test tables.
const (
	rExec = messages.RiskExecute
	rSens = messages.RiskSensitive
	rDest = messages.RiskDestructive
	rExt  = messages.RiskExternal
)

// project is a project root with an outside directory next to it, both in
// a fresh temporary directory.
type project struct {
	t       *testing.T
	dir     string // the project root (symlinks resolved)
	outside string // a directory next to it, outside the root
	b       *boundary.Boundary
}

func newProject(t *testing.T) *project {
	t.Helper()
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	p := &project{t: t, dir: filepath.Join(base, "proj"), outside: filepath.Join(base, "outside")}
	for _, d := range []string{p.dir, p.outside, filepath.Join(p.dir, "src"), filepath.Join(p.dir, "node_modules", "pkg")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	p.write("src/main.go", "package main\n")
	p.writeOutside("secret", "top secret\n")
	b, err := boundary.Open(p.dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	p.b = b
	return p
}

func (p *project) path(rel string) string { return filepath.Join(p.dir, rel) }

func (p *project) write(rel, content string) {
	p.t.Helper()
	full := p.path(rel)
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
		p.t.Fatal(err)
	}
}

func (p *project) writeOutside(name, content string) string {
	p.t.Helper()
	full := filepath.Join(p.outside, name)
	if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
		p.t.Fatal(err)
	}
	return full
}

func (p *project) symlink(target, rel string) {
	p.t.Helper()
	if err := os.Symlink(target, p.path(rel)); err != nil {
		p.t.Fatal(err)
	}
}
