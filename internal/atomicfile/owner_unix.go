//go:build unix

package atomicfile

import (
	"io/fs"
	"os"
	"syscall"
)

// giveOwner gives f the owner of old when it differs from ours.
func giveOwner(f *os.File, old fs.FileInfo) {
	st, ok := old.Sys().(*syscall.Stat_t)
	if !ok {
		return
	}
	if int(st.Uid) != os.Geteuid() || int(st.Gid) != os.Getegid() {
		_ = f.Chown(int(st.Uid), int(st.Gid))
	}
}
