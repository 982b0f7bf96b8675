//go:build unix

package tools

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// ownedByMe reports whether this user owns the file.
func ownedByMe(info fs.FileInfo) bool {
	st, ok := info.Sys().(*syscall.Stat_t)
	return ok && int(st.Uid) == os.Geteuid()
}

// running reports whether a process pid exists (one of another user
// counts: signal 0 then fails with EPERM, not ESRCH).
func running(pid int) bool {
	return pid > 0 && !errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
}
