package checkpoint

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestApplyEachStep: each kind of undo step, against both stores: the
// project before the turn, the agent's change, what the user did since,
// then Apply of the one step. A second Apply changes nothing (an undo cut
// short is finished by applying its steps again).
func TestApplyEachStep(t *testing.T) {
	rm := func(rel string) func(*testing.T, string) {
		return func(t *testing.T, root string) {
			if err := os.RemoveAll(filepath.Join(root, rel)); err != nil {
				t.Fatal(err)
			}
		}
	}
	write := func(rel, text string, mode os.FileMode) func(*testing.T, string) {
		return func(t *testing.T, root string) { put(t, root, rel, text, mode) }
	}
	symlink := func(rel, target string) func(*testing.T, string) {
		return func(t *testing.T, root string) { rm(rel)(t, root); link(t, root, rel, target) }
	}
	cases := []struct {
		name          string
		path          string
		before, agent func(*testing.T, string)
		hand          func(*testing.T, string) // nil: the user did nothing
		changed       bool
		conflict      bool
		check         func(*testing.T, string)
	}{
		{name: "modified file goes back", path: "a.txt",
			before: write("a.txt", "old\n", 0o644), agent: write("a.txt", "new\n", 0o644),
			changed: true, check: wantFile("a.txt", "old\n", 0o644)},
		{name: "created file is removed with its empty directories", path: "new/dir/x.txt",
			before: write("keep.txt", "k\n", 0o644), agent: write("new/dir/x.txt", "x\n", 0o644),
			changed: true, check: wantAbsent("new")},
		{name: "removed file is recreated with its directories", path: "d/e/f.txt",
			before: write("d/e/f.txt", "keep\n", 0o644), agent: rm("d"),
			changed: true, check: wantFile("d/e/f.txt", "keep\n", 0o644)},
		{name: "executable gets its mode back", path: "run.sh",
			before: write("run.sh", "#!/bin/sh\n", 0o755), agent: write("run.sh", "changed\n", 0o644),
			changed: true, check: wantFile("run.sh", "#!/bin/sh\n", 0o755)},
		{name: "symbolic link is restored over a file", path: "l",
			before: symlink("l", "a.txt"), agent: then(rm("l"), write("l", "a file now\n", 0o644)),
			changed: true, check: wantLink("l", "a.txt")},
		{name: "file is restored over a symbolic link", path: "l",
			before: write("l", "plain\n", 0o644), agent: symlink("l", "elsewhere"),
			changed: true, check: wantFile("l", "plain\n", 0o644)},
		{name: "file already as it was is left alone", path: "a.txt",
			before: write("a.txt", "old\n", 0o644), agent: write("a.txt", "new\n", 0o644), hand: write("a.txt", "old\n", 0o644),
			check: wantFile("a.txt", "old\n", 0o644)},
		{name: "file changed by hand since is a conflict", path: "a.txt",
			before: write("a.txt", "old\n", 0o644), agent: write("a.txt", "new\n", 0o644), hand: write("a.txt", "mine\n", 0o644),
			conflict: true, check: wantFile("a.txt", "mine\n", 0o644)},
		{name: "file recreated by hand after the agent removed it is a conflict", path: "a.txt",
			before: write("a.txt", "old\n", 0o644), agent: rm("a.txt"), hand: write("a.txt", "mine\n", 0o644),
			conflict: true, check: wantFile("a.txt", "mine\n", 0o644)},
		{name: "file the agent created, removed by hand, is left alone", path: "x.txt",
			before: write("keep.txt", "k\n", 0o644), agent: write("x.txt", "x\n", 0o644), hand: rm("x.txt"),
			check: wantAbsent("x.txt")},
	}
	for _, kind := range storeKinds {
		for _, tc := range cases {
			t.Run(kind+"/"+tc.name, func(t *testing.T) {
				t.Parallel()
				s, dir := newProject(t, kind)
				tc.before(t, dir)
				mb := manifest(t, s, take(t, s))
				tc.agent(t, dir)
				ma := manifest(t, s, take(t, s))
				if tc.hand != nil {
					tc.hand(t, dir)
				}
				root, err := os.OpenRoot(dir)
				if err != nil {
					t.Fatal(err)
				}
				defer root.Close()
				st := Step{Path: tc.path, Expect: entry(ma, tc.path), Target: entry(mb, tc.path)}
				changed, err := Apply(t.Context(), s, root, st)
				var ce *ConflictError
				if tc.conflict != errors.As(err, &ce) || (!tc.conflict && err != nil) {
					t.Fatalf("Apply: %v, want a conflict: %v", err, tc.conflict)
				}
				if changed != tc.changed {
					t.Errorf("Apply changed = %v, want %v", changed, tc.changed)
				}
				tc.check(t, dir)
				if tc.conflict {
					return
				}
				if changed, err := Apply(t.Context(), s, root, st); changed || err != nil {
					t.Errorf("Apply again: changed %v, %v; want nothing to do", changed, err)
				}
				tc.check(t, dir)
			})
		}
	}
}

// then runs one change, then another.
func then(a, b func(*testing.T, string)) func(*testing.T, string) {
	return func(t *testing.T, root string) { a(t, root); b(t, root) }
}

// wantFile checks a regular file's content and mode.
func wantFile(rel, text string, mode os.FileMode) func(*testing.T, string) {
	return func(t *testing.T, root string) {
		t.Helper()
		fi, err := os.Lstat(filepath.Join(root, rel))
		if err != nil || !fi.Mode().IsRegular() {
			t.Fatalf("%s: %v, %v; want a regular file", rel, fi, err)
		}
		if got := read(t, root, rel); got != text || fi.Mode().Perm() != mode {
			t.Errorf("%s = %q mode %v, want %q mode %v", rel, got, fi.Mode().Perm(), text, mode)
		}
	}
}

// wantAbsent checks that a path does not exist.
func wantAbsent(rel string) func(*testing.T, string) {
	return func(t *testing.T, root string) {
		t.Helper()
		if _, err := os.Lstat(filepath.Join(root, rel)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s exists (%v), want it gone", rel, err)
		}
	}
}

// wantLink checks a symbolic link's target.
func wantLink(rel, target string) func(*testing.T, string) {
	return func(t *testing.T, root string) {
		t.Helper()
		got, err := os.Readlink(filepath.Join(root, rel))
		if err != nil || got != target {
			t.Errorf("%s -> %q (%v), want a link to %q", rel, got, err, target)
		}
	}
}
