package boundary

import (
	"io/fs"
	"syscall"
)

const openNoBlock = 0

// LinkCount returns the number of hard links of a file (1 when the file
// system does not say). Windows' FileInfo does not carry it; see
// Boundary.Links.
func LinkCount(fi fs.FileInfo) uint64 { return 1 }

// Links returns the number of hard links of the in-root file rel. On
// Windows it is read from the open file (GetFileInformationByHandle), as
// the FileInfo has no link count; 1 when the file cannot be opened. NTFS
// lets any user make a hard link on the same volume, so a file in the
// project may be a file outside it.
func (b *Boundary) Links(rel string, _ fs.FileInfo) uint64 {
	f, err := b.root.Open(rel)
	if err != nil {
		return 1
	}
	defer f.Close()
	var d syscall.ByHandleFileInformation
	if err := syscall.GetFileInformationByHandle(syscall.Handle(f.Fd()), &d); err != nil || d.NumberOfLinks == 0 {
		return 1
	}
	return uint64(d.NumberOfLinks)
}
