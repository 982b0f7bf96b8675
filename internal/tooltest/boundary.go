package tooltest

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Boundary is a minimal project-root boundary over os.Root, standing in
// for boundary.Boundary in the tools' tests.
type Boundary struct {
	root *os.Root
	dir  string
}

// ErrOutside is the error of a path outside the project root.
var ErrOutside = errors.New("path is outside the project root")

// OpenBoundary opens a boundary at dir (its symbolic links resolved).
func OpenBoundary(dir string) (*Boundary, error) {
	dir, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil, err
	}
	r, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return &Boundary{root: r, dir: dir}, nil
}

// NewBoundary opens a boundary at a fresh t.TempDir(), closed when the
// test ends.
func NewBoundary(t testing.TB) *Boundary {
	t.Helper()
	b, err := OpenBoundary(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.root.Close() })
	return b
}

// Root is the boundary's os.Root.
func (b *Boundary) Root() *os.Root { return b.root }

// Dir is the project directory.
func (b *Boundary) Dir() string { return b.dir }

// Resolve makes p relative to the project root, refusing a path outside
// it with ErrOutside.
func (b *Boundary) Resolve(p string) (string, error) {
	if filepath.IsAbs(p) {
		rel, err := filepath.Rel(b.dir, filepath.Clean(p))
		if err != nil {
			return "", err
		}
		p = rel
	}
	rel := filepath.Clean(p)
	if rel == ".." || strings.HasPrefix(rel, "../") {
		return "", fmt.Errorf("%s: %w", p, ErrOutside)
	}
	return rel, nil
}

// Check stats rel under the root; a write into .git is refused with
// fs.ErrPermission.
func (b *Boundary) Check(rel string, forWrite bool) (fs.FileInfo, error) {
	if forWrite && (rel == ".git" || strings.HasPrefix(rel, ".git/")) {
		return nil, fmt.Errorf("%s: %w", rel, fs.ErrPermission)
	}
	return b.root.Stat(rel)
}

// Write creates files (name to content) under the boundary's directory.
func (b *Boundary) Write(t testing.TB, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(b.dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Read returns the content of the file name under the boundary's
// directory.
func (b *Boundary) Read(t testing.TB, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(b.dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
