//go:build !unix

package tools

import (
	"io/fs"
	"os"
)

// ownedByMe is true: the project is the user's, and Windows has no
// owner in FileInfo; the name and the writer's pid decide.
func ownedByMe(fs.FileInfo) bool { return true }

// running reports whether a process pid exists (Windows: it can be
// opened).
func running(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	_ = p.Release()
	return true
}
