package checkpoint

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// storeKinds are the two stores every store test runs against: a plain
// directory gets the file store, a git work tree the git store.
var storeKinds = []string{"files", "git"}

// newProject makes a project directory for a store of kind and opens its
// store in a session directory of its own.
func newProject(t *testing.T, kind string) (Store, string) {
	t.Helper()
	root := t.TempDir()
	if kind == "git" {
		initGit(t, root)
	}
	s, err := Open(t.TempDir(), root)
	if err != nil {
		t.Fatal(err)
	}
	if s.Kind() != kind {
		t.Fatalf("store kind %q, want %q", s.Kind(), kind)
	}
	return s, root
}

// initGit makes root a git work tree (skips without git).
func initGit(t *testing.T, root string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	cmd := exec.Command("git", "init", "-q", root)
	cmd.Env = withoutGit(os.Environ())
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v: %s", err, out)
	}
}

// put writes a project file (creating its directories) with mode.
func put(t *testing.T, root, rel, text string, mode os.FileMode) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, mode); err != nil {
		t.Fatal(err)
	}
}

// link makes a symbolic link in the project.
func link(t *testing.T, root, rel, target string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, p); err != nil {
		t.Fatal(err)
	}
}

// take snapshots the project.
func take(t *testing.T, s Store) string {
	t.Helper()
	id, err := s.Take(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// manifest reads a snapshot's manifest.
func manifest(t *testing.T, s Store, id string) Manifest {
	t.Helper()
	m, err := s.Manifest(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// read returns a project file's content, or "<absent>".
func read(t *testing.T, root, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	if os.IsNotExist(err) {
		return "<absent>"
	}
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
