package buildtest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/gofrs/flock"
)

// unusedFor is how long a cached binary nobody asked for is kept (the
// build cache's own trimming age).
const unusedFor = 5 * 24 * time.Hour

// goEnvNames are the variables go env reports for a build: where the
// module and the cache are, the executable suffix, and what else makes
// one build of the same flags differ from another.
func goEnvNames() []string {
	return []string{"GOMOD", "GOCACHE", "GOEXE", "GOOS", "GOARCH", "GOFLAGS", "CGO_ENABLED"}
}

// Wtagent makes dst the wtagent binary (./cmd/wtagent of the module that
// holds the working directory) built with the go build flags given: a
// hard link of the shared binary (a copy where no link can be made),
// built or relinked first when stale.
func Wtagent(ctx context.Context, dst string, flags ...string) error {
	bin, err := shared(ctx, flags)
	if err != nil {
		return err
	}
	return link(bin, dst)
}

// shared returns the path of the shared binary of the variant flags,
// built or relinked when stale.
func shared(ctx context.Context, flags []string) (string, error) {
	env, err := goEnv(ctx)
	if err != nil {
		return "", err
	}
	if env["GOMOD"] == "" || env["GOMOD"] == os.DevNull {
		return "", errors.New("buildtest: not inside a module: no go.mod above the working directory")
	}
	module := filepath.Dir(env["GOMOD"])
	root := filepath.Join(env["GOCACHE"], "wtagent-buildtest")
	dir := filepath.Join(root, key(module, flags, env))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("buildtest: %w", err)
	}
	lock := flock.New(filepath.Join(dir, "lock"))
	if err := lock.Lock(); err != nil {
		return "", fmt.Errorf("buildtest: lock %s: %w", dir, err)
	}
	defer lock.Unlock()
	bin := filepath.Join(dir, "wtagent"+env["GOEXE"])
	if err := build(ctx, module, bin, flags); err != nil {
		return "", err
	}
	now := time.Now()
	os.Chtimes(lock.Path(), now, now) // marks the binary used, for prune
	prune(root, dir, now)
	return bin, nil
}

// goEnv reads goEnvNames from go env.
func goEnv(ctx context.Context) (map[string]string, error) {
	names := goEnvNames()
	out, err := exec.CommandContext(ctx, "go", append([]string{"env"}, names...)...).Output()
	if err != nil {
		return nil, fmt.Errorf("buildtest: go env: %w", err)
	}
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(lines) != len(names) {
		return nil, fmt.Errorf("buildtest: go env printed %d lines for %d variables", len(lines), len(names))
	}
	env := make(map[string]string, len(lines))
	for i, name := range names {
		env[name] = lines[i]
	}
	return env, nil
}

// key names one checkout's binary of one variant.
func key(module string, flags []string, env map[string]string) string {
	h := sha256.New()
	for _, s := range append([]string{module, env["GOOS"], env["GOARCH"], env["GOFLAGS"], env["CGO_ENABLED"]}, flags...) {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// build runs go build -o bin in the module: go relinks bin only when it
// is stale.
func build(ctx context.Context, module, bin string, flags []string) error {
	args := append(append([]string{"build"}, flags...), "-o", bin, "./cmd/wtagent")
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = module
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("buildtest: go %s: %w\n%s", strings.Join(args, " "), err, out.String())
	}
	return nil
}

// link makes dst a hard link of bin, or a copy of it.
func link(bin, dst string) error {
	if err := os.Link(bin, dst); err == nil {
		return nil
	}
	src, err := os.Open(bin)
	if err != nil {
		return fmt.Errorf("buildtest: %w", err)
	}
	defer src.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755)
	if err != nil {
		return fmt.Errorf("buildtest: %w", err)
	}
	if _, err := io.Copy(out, src); err != nil {
		out.Close()
		return fmt.Errorf("buildtest: copy to %s: %w", dst, err)
	}
	return out.Close()
}

// prune removes the binaries under root, other than keep's, that nobody
// asked for in unusedFor (a checkout removed, a variant no longer run). A
// directory whose lock is held is in use and stays.
func prune(root, keep string, now time.Time) {
	entries, err := os.ReadDir(root)
	if err != nil {
		return
	}
	for _, e := range entries {
		dir := filepath.Join(root, e.Name())
		if dir == keep || !e.IsDir() {
			continue
		}
		l := flock.New(filepath.Join(dir, "lock"))
		info, err := os.Stat(l.Path())
		if err != nil || now.Sub(info.ModTime()) < unusedFor {
			continue
		}
		if ok, err := l.TryLock(); err == nil && ok {
			os.RemoveAll(dir)
			l.Unlock()
		}
	}
}
