//go:build linux || android || darwin || ios || freebsd || netbsd || openbsd || dragonfly

package lineedit

import (
	"os"

	"golang.org/x/sys/unix"
)

// closeBeforeRename is false: an open file may be renamed over, and the
// old file stays locked until the rename is done.
const closeBeforeRename = false

// lockFile takes an exclusive flock on f. A file system without locks (some
// network mounts) gets no lock rather than an error.
func lockFile(f *os.File) (unlock func(), err error) {
	fd := int(f.Fd())
	for {
		err = unix.Flock(fd, unix.LOCK_EX)
		if err != unix.EINTR {
			break
		}
	}
	switch err {
	case nil:
		return func() { unix.Flock(fd, unix.LOCK_UN) }, nil
	case unix.ENOLCK, unix.EOPNOTSUPP:
		return func() {}, nil
	}
	return nil, err
}
