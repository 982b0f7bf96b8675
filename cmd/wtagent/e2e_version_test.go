//go:build linux

package main

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestVersionNamesItsSource builds wtagent as `go build` and `go install`
// do, with the VCS stamp, in a git repository made of this tree: --version
// names the commit and its date, "-dirty" when the tree had changes, and
// the module version go recorded; a release's -ldflags stamps win.
func TestVersionNamesItsSource(t *testing.T) {
	src := filepath.Join(t.TempDir(), "src")
	copySource(t, src)
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = src
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1",
			"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com",
			"GIT_AUTHOR_DATE=2026-01-02T03:04:05Z", "GIT_COMMITTER_DATE=2026-01-02T03:04:05Z")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q")
	git("add", "-A")
	git("commit", "-q", "-m", "source")
	rev := git("rev-parse", "HEAD")
	platform := runtime.Version() + ", " + runtime.GOOS + "/" + runtime.GOARCH

	build := func(args ...string) (version, modVersion string) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		defer cancel()
		bin := filepath.Join(src, "wtagent-built")
		cmd := exec.CommandContext(ctx, "go", append(append([]string{"build", "-buildvcs=true", "-trimpath", "-o", bin}, args...), "./cmd/wtagent")...)
		cmd.Dir = src
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go build %v: %v\n%s", args, err, out)
		}
		defer os.Remove(bin)
		out, err := exec.CommandContext(ctx, bin, "--version").Output()
		if err != nil {
			t.Fatalf("--version: %v", err)
		}
		info, err := exec.CommandContext(ctx, "go", "version", "-m", bin).Output()
		if err != nil {
			t.Fatalf("go version -m: %v", err)
		}
		for _, l := range strings.Split(string(info), "\n") {
			if f := strings.Fields(l); len(f) >= 3 && f[0] == "mod" {
				modVersion = f[2]
			}
		}
		return strings.TrimSpace(string(out)), modVersion
	}

	got, mod := build()
	if want := "wtagent " + mod + " (" + rev[:12] + ", 2026-01-02T03:04:05Z, " + platform + ")"; got != want || !strings.Contains(mod, rev[:12]) {
		t.Errorf("go build in a clean checkout: --version = %q, want %q", got, want)
	}

	os.WriteFile(filepath.Join(src, "notes.txt"), []byte("not committed\n"), 0o644)
	got, mod = build()
	if want := "wtagent " + mod + " (" + rev[:12] + "-dirty, 2026-01-02T03:04:05Z, " + platform + ")"; got != want {
		t.Errorf("go build with a change: --version = %q, want %q", got, want)
	}

	const pkg = "github.com/wtagent/wtagent/internal/buildinfo"
	got, _ = build("-ldflags", "-X "+pkg+".Version=v9.8.7 -X "+pkg+".Commit=abcdefabcdef -X "+pkg+".Date=2026-02-03T04:05:06Z")
	if want := "wtagent v9.8.7 (abcdefabcdef, 2026-02-03T04:05:06Z, " + platform + ")"; got != want {
		t.Errorf("stamped build: --version = %q, want %q", got, want)
	}
}

// copySource copies the files of the module's tree that git tracks or
// would add (the working tree's, changes included) to dst.
func copySource(t *testing.T, dst string) {
	t.Helper()
	skipShort(t)
	root, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}").Output()
	if err != nil {
		t.Fatalf("go list -m: %v", err)
	}
	dir := strings.TrimSpace(string(root))
	cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Dir = dir
	list, err := cmd.Output()
	if err != nil {
		t.Fatalf("git ls-files in %s: %v", dir, err)
	}
	for _, name := range strings.Split(strings.TrimRight(string(list), "\x00"), "\x00") {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if errors.Is(err, fs.ErrNotExist) {
			continue // deleted in the working tree
		}
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dst, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestUnstampedVersionIsNoRelease: the suite's binary, built without the
// release's stamps, does not call itself a release: its version is
// 0.1.0-dev or the pseudo-version go recorded, never a bare 0.1.0 (issue
// 42, item 24).
func TestUnstampedVersionIsNoRelease(t *testing.T) {
	e := newEnv(t)
	for _, args := range [][]string{{"version"}, {"--version"}} {
		code, out, errOut := e.run(args...)
		f := strings.Fields(out)
		if code != 0 || len(f) < 2 || f[0] != "wtagent" {
			t.Fatalf("wtagent %v: exit %d\n%s%s", args, code, out, errOut)
		}
		// A release is vX.Y.Z; a pre-release (0.1.0-dev, or a
		// pseudo-version v0.0.0-20261203080000-0123456789ab) has a hyphen.
		if v := f[1]; !strings.Contains(v, "-") {
			t.Errorf("wtagent %v says %q: an unstamped build looks like a release", args, v)
		}
	}
}
