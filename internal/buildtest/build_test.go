package buildtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gofrs/flock"
)

// TestWtagentSharedPerVariant: two callers of one variant get the same
// binary, built once (the second finds it up to date and does not relink
// it), each through a path of its own that runs; another variant gets
// another binary.
func TestWtagentSharedPerVariant(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the wtagent binary; not under -short")
	}
	ctx := t.Context()
	first, err := shared(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	before, err := os.Stat(first)
	if err != nil {
		t.Fatal(err)
	}
	dirs := []string{t.TempDir(), t.TempDir()}
	for _, d := range dirs {
		if err := Wtagent(ctx, filepath.Join(d, "wtagent")); err != nil {
			t.Fatal(err)
		}
	}
	after, err := os.Stat(first)
	if err != nil {
		t.Fatal(err)
	}
	// go build writes a relinked binary as a new file (and touches an
	// up-to-date one): the same file means no relink.
	if !os.SameFile(before, after) {
		t.Fatalf("%s was built again though nothing changed", first)
	}
	for _, d := range dirs {
		got := filepath.Join(d, "wtagent")
		out, err := exec.CommandContext(ctx, got, "--version").Output()
		if err != nil || !strings.HasPrefix(string(out), "wtagent ") {
			t.Fatalf("%s --version: %q %v", got, out, err)
		}
	}
	other, err := shared(ctx, []string{"-tags", "wtfault"})
	if err != nil {
		t.Fatal(err)
	}
	if other == first {
		t.Fatalf("the wtfault variant shares the plain binary %s", first)
	}
}

// TestPrune: a binary unused for unusedFor goes; one used since, the one
// being asked for, and one whose lock is held stay.
func TestPrune(t *testing.T) {
	root := t.TempDir()
	now := time.Now()
	old := now.Add(-unusedFor - time.Hour)
	entry := func(name string, used time.Time) string {
		t.Helper()
		dir := filepath.Join(root, name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{"lock", "wtagent"} {
			if err := os.WriteFile(filepath.Join(dir, f), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.Chtimes(filepath.Join(dir, "lock"), used, used); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	stale, recent, keep, busy := entry("stale", old), entry("recent", now.Add(-time.Hour)), entry("keep", old), entry("busy", old)
	held := flock.New(filepath.Join(busy, "lock"))
	if err := held.Lock(); err != nil {
		t.Fatal(err)
	}
	defer held.Unlock()
	prune(root, keep, now)
	for dir, want := range map[string]bool{stale: false, recent: true, keep: true, busy: true} {
		_, err := os.Stat(filepath.Join(dir, "wtagent"))
		if got := err == nil; got != want {
			t.Errorf("%s kept = %v, want %v", filepath.Base(dir), got, want)
		}
	}
}
