//go:build unix

package boundary

import (
	"io/fs"
	"syscall"
)

// openNoBlock keeps opening a FIFO or a terminal device from blocking or
// taking a controlling terminal before its type is checked.
const openNoBlock = syscall.O_NONBLOCK | syscall.O_NOCTTY

// LinkCount returns the number of hard links of a file (1 when the file
// system does not say).
func LinkCount(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && st.Nlink > 0 {
		return uint64(st.Nlink)
	}
	return 1
}

// Links returns the number of hard links of the in-root file rel.
func (b *Boundary) Links(_ string, fi fs.FileInfo) uint64 { return LinkCount(fi) }
