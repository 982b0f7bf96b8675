package projecttest

import (
	"os"
	"path/filepath"
	"testing"
)

// Project is a project root with an outside directory next to it, both in
// a fresh temporary directory.
type Project struct {
	t       *testing.T
	Dir     string // the project root (symlinks resolved)
	Outside string // a directory next to it, outside the root
}

// New makes a project with src/main.go and node_modules/pkg/, and an
// outside directory holding the file "secret".
func New(t *testing.T) *Project {
	t.Helper()
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	p := &Project{t: t, Dir: filepath.Join(base, "proj"), Outside: filepath.Join(base, "outside")}
	for _, d := range []string{p.Dir, p.Outside, filepath.Join(p.Dir, "src"), filepath.Join(p.Dir, "node_modules", "pkg")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	p.Write("src/main.go", "package main\n")
	p.WriteOutside("secret", "top secret\n")
	return p
}

// Path is the absolute path of rel under the project root.
func (p *Project) Path(rel string) string { return filepath.Join(p.Dir, rel) }

// Write writes content to rel under the project root, making its
// directories.
func (p *Project) Write(rel, content string) {
	p.t.Helper()
	full := p.Path(rel)
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// WriteOutside writes content to name in the outside directory and
// returns its path.
func (p *Project) WriteOutside(name, content string) string {
	p.t.Helper()
	full := filepath.Join(p.Outside, name)
	if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
		p.t.Fatal(err)
	}
	return full
}

// Symlink makes rel under the project root a symbolic link to target.
func (p *Project) Symlink(target, rel string) {
	p.t.Helper()
	if err := os.Symlink(target, p.Path(rel)); err != nil {
		p.t.Fatal(err)
	}
}
