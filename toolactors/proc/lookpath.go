package proc

import (
	"fmt"
	"os"
	"path/filepath"
)

// CheckExecutable finds the executable an absolute path names (trying
// PATHEXT's extensions on Windows).
func CheckExecutable(r ExecRules, path string) (string, error) {
	var firstErr error
	for _, name := range r.Names(path) {
		st, err := os.Stat(name)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		if !r.Executable(name, st) {
			return "", fmt.Errorf("%w: %s is not executable", ErrProgramNotFound, name)
		}
		return name, nil
	}
	return "", fmt.Errorf("%w: %s: %v", ErrProgramNotFound, path, firstErr)
}

// LookPath searches dirs (a PATH value) for an executable name (with each
// PATHEXT extension on Windows). Relative PATH entries are skipped, so "."
// on PATH never runs a project file by its bare name.
func LookPath(r ExecRules, name, dirs string) (string, error) {
	for _, dir := range filepath.SplitList(dirs) {
		if dir == "" || !filepath.IsAbs(dir) {
			continue
		}
		for _, n := range r.Names(name) {
			path := filepath.Join(dir, n)
			if st, err := os.Stat(path); err == nil && r.Executable(n, st) {
				return path, nil
			}
		}
	}
	return "", fmt.Errorf("%w: %q is not on PATH (%s)", ErrProgramNotFound, name, shortPath(dirs))
}

func shortPath(p string) string {
	if len(p) > 200 {
		return p[:200] + "…"
	}
	return p
}
