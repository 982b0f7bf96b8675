package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// defaultTargets are the platforms wtagent is released for.
func defaultTargets() []string {
	return []string{"linux/amd64", "linux/arm64", "darwin/amd64", "darwin/arm64", "windows/amd64"}
}

// stampPkg is where the version variables live.
const stampPkg = "github.com/wtagent/wtagent/internal/buildinfo"

// ErrBadTarget is a target that is not GOOS/GOARCH.
var ErrBadTarget = errors.New("bad target")

// stamp is what a release binary says about itself.
type stamp struct {
	Version, Commit, Date string
}

// options say what to build where.
type options struct {
	Out     string
	Pkg     string
	Targets []string
	Stamp   stamp
}

// artifact is one built binary.
type artifact struct {
	Target string
	Path   string
	SHA256 string
}

// release builds every target into o.Out, checks each binary and writes
// SHA256SUMS.
func release(ctx context.Context, o options) ([]artifact, error) {
	if o.Stamp.Version == "" {
		return nil, errors.New("no version to stamp")
	}
	if err := os.MkdirAll(o.Out, 0o755); err != nil {
		return nil, err
	}
	var arts []artifact
	for _, t := range o.Targets {
		goos, goarch, ok := strings.Cut(t, "/")
		if !ok || goos == "" || goarch == "" {
			return nil, fmt.Errorf("%w: %q (want GOOS/GOARCH)", ErrBadTarget, t)
		}
		path := filepath.Join(o.Out, binaryName(o.Stamp.Version, goos, goarch))
		if err := build(ctx, o.Pkg, path, goos, goarch, o.Stamp); err != nil {
			return nil, fmt.Errorf("build %s: %w", t, err)
		}
		if err := checkFormat(path, goos, goarch); err != nil {
			return nil, fmt.Errorf("check %s: %w", t, err)
		}
		if goos == runtime.GOOS && goarch == runtime.GOARCH {
			if err := checkVersion(ctx, path, o.Stamp); err != nil {
				return nil, fmt.Errorf("check %s: %w", t, err)
			}
		}
		sum, err := fileSHA256(path)
		if err != nil {
			return nil, err
		}
		arts = append(arts, artifact{Target: t, Path: path, SHA256: sum})
	}
	return arts, writeSums(filepath.Join(o.Out, "SHA256SUMS"), arts)
}

// binaryName is "wtagent-<version>-<os>-<arch>", with ".exe" on Windows.
func binaryName(version, goos, goarch string) string {
	name := fmt.Sprintf("wtagent-%s-%s-%s", version, goos, goarch)
	if goos == "windows" {
		name += ".exe"
	}
	return name
}

// ldflags strip the symbol table, DWARF and the build id (which would
// differ between otherwise identical builds) and stamp s.
func ldflags(s stamp) string {
	return fmt.Sprintf("-s -w -buildid= -X %[1]s.Version=%[2]s -X %[1]s.Commit=%[3]s -X %[1]s.Date=%[4]s",
		stampPkg, s.Version, s.Commit, s.Date)
}

// build runs go build for one target: no cgo, -trimpath, no VCS stamp
// (the commit is in the ldflags), so the same source and toolchain give
// the same bytes.
func build(ctx context.Context, pkg, out, goos, goarch string, s stamp) error {
	cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-buildvcs=false", "-ldflags", ldflags(s), "-o", out, pkg)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS="+goos, "GOARCH="+goarch)
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%w\n%s", err, b)
	}
	return nil
}

// checkVersion runs the binary's --version and wants the stamp in it.
func checkVersion(ctx context.Context, path string, s stamp) error {
	out, err := exec.CommandContext(ctx, path, "--version").Output()
	if err != nil {
		return fmt.Errorf("%s --version: %w", path, err)
	}
	for _, want := range []string{"wtagent " + s.Version + " ", s.Commit, s.Date} {
		if !strings.Contains(string(out), want) {
			return fmt.Errorf("%s --version says %q, without %q", path, strings.TrimSpace(string(out)), want)
		}
	}
	return nil
}

func fileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// writeSums writes "<sha256>  <file name>" lines, the format of
// sha256sum, for the binaries in one directory.
func writeSums(path string, arts []artifact) error {
	var b strings.Builder
	for _, a := range arts {
		fmt.Fprintf(&b, "%s  %s\n", a.SHA256, filepath.Base(a.Path))
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}
