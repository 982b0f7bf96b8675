//go:build unix

package owntemp

import (
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// notOwn says why fi is not this user's private directory ("" when it is).
func notOwn(fi fs.FileInfo) string {
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		return "it is a symbolic link"
	case !fi.IsDir():
		return "it is not a directory"
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && int(st.Uid) != os.Getuid() {
		return fmt.Sprintf("it belongs to uid %d", st.Uid)
	}
	if fi.Mode().Perm()&0o077 != 0 {
		return fmt.Sprintf("others may use it (mode %04o)", fi.Mode().Perm())
	}
	return ""
}
