package main

import (
	"bufio"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestRelease builds the five release binaries of wtagent into a
// temporary directory and checks them: each is the executable format and
// machine of its target, the host's says the stamped version, commit and
// date, SHA256SUMS lists every binary with its hash (and `sha256sum -c`
// accepts it), and building the host's again gives the same bytes.
func TestRelease(t *testing.T) {
	if testing.Short() {
		t.Skip("builds five release binaries of wtagent; not under -short")
	}
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skip("release builds are made on linux/amd64")
	}
	ctx := context.Background()
	out := t.TempDir()
	st := stamp{Version: "v9.8.7-test", Commit: "0123456789ab", Date: "2026-12-03T08:00:00Z"}
	o := options{Out: out, Pkg: "github.com/wtagent/wtagent/cmd/wtagent", Targets: defaultTargets(), Stamp: st}
	arts, err := release(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(arts) != 5 {
		t.Fatalf("%d artifacts, want 5", len(arts))
	}
	names := map[string]string{}
	for _, a := range arts {
		names[filepath.Base(a.Path)] = a.SHA256
		goos, goarch, _ := strings.Cut(a.Target, "/")
		if err := checkFormat(a.Path, goos, goarch); err != nil {
			t.Error(err)
		}
	}
	for _, want := range []string{"wtagent-v9.8.7-test-linux-amd64", "wtagent-v9.8.7-test-darwin-arm64", "wtagent-v9.8.7-test-windows-amd64.exe"} {
		if _, ok := names[want]; !ok {
			t.Errorf("no %s in %v", want, names)
		}
	}
	host := filepath.Join(out, "wtagent-v9.8.7-test-linux-amd64")
	v, err := exec.Command(host, "--version").Output()
	if err != nil || strings.TrimSpace(string(v)) != "wtagent v9.8.7-test (0123456789ab, 2026-12-03T08:00:00Z, "+runtime.Version()+", linux/amd64)" {
		t.Errorf("--version: %q (%v)", v, err)
	}
	checkSums(t, out, names)

	again := t.TempDir()
	o.Out, o.Targets = again, []string{"linux/amd64"}
	arts2, err := release(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	if arts2[0].SHA256 != names[filepath.Base(host)] {
		t.Errorf("not reproducible: %s then %s", names[filepath.Base(host)], arts2[0].SHA256)
	}
}

// checkSums reads SHA256SUMS back and, where sha256sum exists, has it
// verify the files.
func checkSums(t *testing.T, dir string, want map[string]string) {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got := map[string]string{}
	for sc := bufio.NewScanner(f); sc.Scan(); {
		sum, name, ok := strings.Cut(sc.Text(), "  ")
		if !ok {
			t.Fatalf("SHA256SUMS line %q", sc.Text())
		}
		got[name] = sum
	}
	if len(got) != len(want) {
		t.Fatalf("SHA256SUMS has %v, want %v", got, want)
	}
	for name, sum := range want {
		if got[name] != sum {
			t.Errorf("SHA256SUMS: %s %s, want %s", name, got[name], sum)
		}
	}
	if _, err := exec.LookPath("sha256sum"); err == nil {
		cmd := exec.Command("sha256sum", "-c", "SHA256SUMS")
		cmd.Dir = dir
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("sha256sum -c: %v\n%s", err, b)
		}
	}
}

// TestCheckFormatRefuses: a binary is refused for another platform's
// format or machine, and a target without a known machine is refused.
func TestCheckFormatRefuses(t *testing.T) {
	self, err := os.Executable() // this test binary: ELF for the host
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "linux" {
		t.Skip("the test binary is ELF only on Linux")
	}
	other := "arm64"
	if runtime.GOARCH == "arm64" {
		other = "amd64"
	}
	for _, tc := range []struct {
		goos, goarch string
		want         error
	}{
		{"windows", "amd64", ErrWrongFormat},
		{"darwin", "arm64", ErrWrongFormat},
		{"linux", other, ErrWrongFormat},
		{"plan9", "amd64", ErrBadTarget},
	} {
		if err := checkFormat(self, tc.goos, tc.goarch); !errors.Is(err, tc.want) {
			t.Errorf("%s/%s: %v, want %v", tc.goos, tc.goarch, err, tc.want)
		}
	}
	if err := checkFormat(self, runtime.GOOS, runtime.GOARCH); err != nil {
		t.Errorf("own platform: %v", err)
	}
}

// TestReleaseBadInput: no version, or a target that is not GOOS/GOARCH,
// is a clear error and builds nothing.
func TestReleaseBadInput(t *testing.T) {
	out := filepath.Join(t.TempDir(), "dist")
	if _, err := release(context.Background(), options{Out: out, Targets: []string{"linux/amd64"}}); err == nil {
		t.Error("no version was accepted")
	}
	_, err := release(context.Background(), options{Out: out, Targets: []string{"linux"}, Stamp: stamp{Version: "v1"}})
	if !errors.Is(err, ErrBadTarget) {
		t.Errorf("target linux: %v", err)
	}
	if entries, _ := os.ReadDir(out); len(entries) != 0 {
		t.Errorf("built %v", entries)
	}
}
