//go:build !windows

package chrome

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

func profileLock(dir string) (int, bool) {
	target, err := os.Readlink(filepath.Join(dir, "SingletonLock"))
	if err != nil {
		return 0, false
	}
	i := strings.LastIndexByte(target, '-')
	if i < 0 {
		return 0, false
	}
	host := target[:i]
	pid, err := strconv.Atoi(target[i+1:])
	if err != nil || pid <= 0 {
		return 0, false
	}
	if h, err := os.Hostname(); err == nil && h != host {
		// Another machine (a shared home directory) holds it; we cannot
		// tell whether it lives, so it is in use.
		return pid, true
	}
	if pid == os.Getpid() {
		return 0, false
	}
	if err := syscall.Kill(pid, 0); err != nil && !errors.Is(err, syscall.EPERM) {
		return 0, false
	}
	// A reused pid: on Linux the command line tells whether it is a browser.
	if cmd, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline"); err == nil {
		l := strings.ToLower(string(cmd))
		if !strings.Contains(l, "chrom") && !strings.Contains(l, "edge") && !strings.Contains(l, "user-data-dir") {
			return 0, false
		}
	}
	return pid, true
}
