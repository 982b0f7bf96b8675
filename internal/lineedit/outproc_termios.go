//go:build linux || darwin || freebsd || netbsd || openbsd

package lineedit

import "golang.org/x/sys/unix"

// keepOutputProcessing turns output processing (OPOST, ONLCR) back on
// after raw mode, so that text others write keeps its line starts.
func keepOutputProcessing(fd int) {
	t, err := unix.IoctlGetTermios(fd, ioctlGetTermios)
	if err != nil {
		return
	}
	t.Oflag |= unix.OPOST | unix.ONLCR
	unix.IoctlSetTermios(fd, ioctlSetTermios, t)
}
