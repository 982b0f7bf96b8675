package checkpoint

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStoreSnapshotAndRestoreContent: each store's snapshot lists every
// file with its kind and the store's hash of its content, and Blob gives
// the content back (a link's target for a symbolic link).
func TestStoreSnapshotAndRestoreContent(t *testing.T) {
	files := []struct {
		rel, text string
		mode      os.FileMode
		kind      Kind
	}{
		{"a.txt", "alpha\n", 0o644, KindFile},
		{"empty", "", 0o644, KindFile},
		{"bin/run.sh", "#!/bin/sh\necho run\n", 0o755, KindExec},
		{"deep/er/still/x.go", "package x\n", 0o600, KindFile},
		{"名前.md", "中文 ✓\n", 0o644, KindFile},
	}
	for _, kind := range storeKinds {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			s, root := newProject(t, kind)
			for _, f := range files {
				put(t, root, f.rel, f.text, f.mode)
			}
			link(t, root, "to-a", "a.txt")
			m := manifest(t, s, take(t, s))
			for _, f := range files {
				e, ok := m[f.rel]
				if !ok {
					t.Fatalf("%s missing from %v", f.rel, m.Paths())
				}
				if e.Kind != f.kind || e.Hash != s.Hash([]byte(f.text)) {
					t.Errorf("%s: %+v, want kind %s hash %s", f.rel, e, f.kind, s.Hash([]byte(f.text)))
				}
				if b, err := s.Blob(t.Context(), e.Hash); err != nil || string(b) != f.text {
					t.Errorf("Blob(%s) = %q, %v; want %q", f.rel, b, err, f.text)
				}
			}
			if e := m["to-a"]; e.Kind != KindLink {
				t.Errorf("to-a: %+v, want a link", e)
			} else if b, err := s.Blob(t.Context(), e.Hash); err != nil || string(b) != "a.txt" {
				t.Errorf("Blob(to-a) = %q, %v; want its target", b, err)
			}
			if got := len(m); got != len(files)+1 {
				t.Errorf("%d entries %v, want %d", got, m.Paths(), len(files)+1)
			}
		})
	}
}

// TestStoreSnapshotsStay: a later change leaves an earlier snapshot and
// its content as they were; an unchanged project gives the same files.
func TestStoreSnapshotsStay(t *testing.T) {
	for _, kind := range storeKinds {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			s, root := newProject(t, kind)
			put(t, root, "a.txt", "one\n", 0o644)
			put(t, root, "gone.txt", "bye\n", 0o644)
			first := take(t, s)
			put(t, root, "a.txt", "two\n", 0o644)
			if err := os.Remove(filepath.Join(root, "gone.txt")); err != nil {
				t.Fatal(err)
			}
			second := take(t, s)
			if first == second {
				t.Fatal("a changed project gave the same snapshot id")
			}
			m1, m2 := manifest(t, s, first), manifest(t, s, second)
			if b, err := s.Blob(t.Context(), m1["a.txt"].Hash); err != nil || string(b) != "one\n" {
				t.Errorf("first a.txt = %q, %v", b, err)
			}
			if _, ok := m1["gone.txt"]; !ok {
				t.Error("the first snapshot lost gone.txt")
			}
			if _, ok := m2["gone.txt"]; ok {
				t.Error("the second snapshot has the removed gone.txt")
			}
			changes := Compare(m1, m2)
			if len(changes) != 2 {
				t.Errorf("Compare: %+v, want a.txt and gone.txt", changes)
			}
			third := manifest(t, s, take(t, s))
			if len(Compare(m2, third)) != 0 {
				t.Errorf("an unchanged project differs: %+v", Compare(m2, third))
			}
		})
	}
}

// TestStoreErrors: an id or hash the store does not hold is an error
// (ErrNoSnapshot for a snapshot), and a missing project cannot be taken.
func TestStoreErrors(t *testing.T) {
	for _, kind := range storeKinds {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			s, root := newProject(t, kind)
			put(t, root, "a.txt", "a\n", 0o644)
			take(t, s)
			for _, id := range []string{"", "not-hex", strings.Repeat("ab", 20), strings.Repeat("cd", 32), "../../etc/passwd"} {
				if _, err := s.Manifest(t.Context(), id); !errors.Is(err, ErrNoSnapshot) {
					t.Errorf("Manifest(%q): %v, want ErrNoSnapshot", id, err)
				}
			}
			for _, h := range []string{"not-hex", s.Hash([]byte("never stored")), "../objects"} {
				if b, err := s.Blob(t.Context(), h); err == nil {
					t.Errorf("Blob(%q) = %q, want an error", h, b)
				}
			}
			if err := os.RemoveAll(root); err != nil {
				t.Fatal(err)
			}
			if id, err := s.Take(t.Context()); err == nil {
				t.Errorf("Take of a removed project = %s, want an error", id)
			}
		})
	}
}

// TestStoreTakeCancelled: a cancelled context stops a snapshot.
func TestStoreTakeCancelled(t *testing.T) {
	for _, kind := range storeKinds {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			s, root := newProject(t, kind)
			put(t, root, "a.txt", "a\n", 0o644)
			ctx, cancel := context.WithCancel(t.Context())
			cancel()
			if id, err := s.Take(ctx); err == nil {
				t.Errorf("Take with a cancelled context = %s, want an error", id)
			}
		})
	}
}

// TestStoreReopenKeepsItsKind: a session's store keeps its kind and its
// snapshots when opened again, even if the project became a git work
// tree (or stopped being one).
func TestStoreReopenKeepsItsKind(t *testing.T) {
	for _, kind := range storeKinds {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			root := t.TempDir()
			if kind == "git" {
				initGit(t, root)
			}
			session := t.TempDir()
			s, err := Open(session, root)
			if err != nil || s.Kind() != kind {
				t.Fatalf("Open: %v, %v; want a %s store", s, err, kind)
			}
			put(t, root, "a.txt", "a\n", 0o644)
			id := take(t, s)
			if kind == "git" {
				os.RemoveAll(filepath.Join(root, ".git"))
			} else if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil {
				t.Fatal(err)
			}
			again, err := Open(session, root)
			if err != nil || again.Kind() != kind {
				t.Fatalf("Open again: %v, %v; want the %s store", again, err, kind)
			}
			if m := manifest(t, again, id); m["a.txt"].Hash != again.Hash([]byte("a\n")) {
				t.Errorf("the reopened store lost the snapshot: %+v", m)
			}
		})
	}
}
