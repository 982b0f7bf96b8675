//go:build !unix && !windows

package boundary

import "io/fs"

const openNoBlock = 0

// LinkCount returns the number of hard links of a file (1 when the file
// system does not say).
func LinkCount(fi fs.FileInfo) uint64 { return 1 }

// Links returns the number of hard links of the in-root file rel.
func (b *Boundary) Links(_ string, fi fs.FileInfo) uint64 { return LinkCount(fi) }
