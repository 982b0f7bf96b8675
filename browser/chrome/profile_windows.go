//go:build windows

package chrome

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// profileLock reports a profile as in use when Chrome's "lockfile" exists
// and cannot be removed: a running browser keeps it open without sharing
// delete access. A stale lockfile is removed, which Chrome does too.
func profileLock(dir string) (int, bool) {
	lock := filepath.Join(dir, "lockfile")
	err := os.Remove(lock)
	if err == nil || errors.Is(err, fs.ErrNotExist) {
		return 0, false
	}
	return 0, true
}
