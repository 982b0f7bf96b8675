//go:build unix

package session

import (
	"os"
	"syscall"
)

// noFollow is added to every open of a session file: the last path element
// must not be a symbolic link.
const noFollow = syscall.O_NOFOLLOW

// syncDir makes a directory's entries (a created or renamed file) durable.
func syncDir(d *os.File) error { return d.Sync() }
