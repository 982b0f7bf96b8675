package session

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestRemove(t *testing.T) {
	h, err := NewHome(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := h.EnsureLayout(); err != nil {
		t.Fatal(err)
	}
	s, err := Create(h, Meta{Root: t.TempDir(), Task: "x"})
	if err != nil {
		t.Fatal(err)
	}
	id := s.ID()
	s.Close()
	outside := t.TempDir()
	os.WriteFile(filepath.Join(outside, "keep.txt"), []byte("keep"), 0o644)
	link := "20260101-000000-00000000"
	if err := os.Symlink(outside, filepath.Join(h.SessionsDir(), link)); err != nil {
		t.Fatal(err)
	}
	if err := Remove(h, link); !errors.Is(err, ErrSymlink) {
		t.Fatalf("symlinked session: %v, want ErrSymlink", err)
	}
	if _, err := os.Stat(filepath.Join(outside, "keep.txt")); err != nil {
		t.Fatal("removing a symlinked session touched its target")
	}
	if err := Remove(h, id); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(h, id); !errors.Is(err, ErrNotFound) {
		t.Fatalf("after Remove: %v", err)
	}
	if err := Remove(h, id); !errors.Is(err, ErrNotFound) {
		t.Fatalf("second Remove: %v, want ErrNotFound", err)
	}
	if err := Remove(h, "../x"); !errors.Is(err, ErrBadID) {
		t.Fatalf("bad id: %v", err)
	}
}
