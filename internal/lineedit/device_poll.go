//go:build linux || android || freebsd || netbsd || openbsd || dragonfly || solaris || illumos || aix

package lineedit

import (
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// newDevice reads f with poll(2) on f and a wake-up pipe, so a blocked read
// can be interrupted without closing f or consuming a byte. The file's
// O_NONBLOCK flag is left alone: it is shared with every process holding
// the same open file (the parent shell, for stdin), and a crash must not
// leave the user's shell with a non-blocking terminal. Reading only after
// poll reported input gives the same guarantee.
func newDevice(f *os.File) (device, error) {
	w, err := newWaker()
	if err != nil {
		return nil, err
	}
	return &pollDevice{fd: int(f.Fd()), waker: w}, nil
}

type pollDevice struct {
	fd int
	*waker
}

func (d *pollDevice) interruptible() bool { return true }

func (d *pollDevice) read(p []byte) (int, error) {
	for {
		fds := []unix.PollFd{
			{Fd: int32(d.fd), Events: unix.POLLIN},
			{Fd: int32(d.r), Events: unix.POLLIN},
		}
		if _, err := unix.Poll(fds, -1); err != nil {
			if err == unix.EINTR {
				continue
			}
			return 0, fmt.Errorf("lineedit: poll: %w", err)
		}
		if fds[1].Revents != 0 {
			d.drain()
			return 0, errWoken
		}
		if fds[0].Revents&unix.POLLNVAL != 0 {
			return 0, fmt.Errorf("lineedit: read: %w", unix.EBADF)
		}
		if fds[0].Revents == 0 {
			continue
		}
		n, err, again := readFd(d.fd, p)
		if again {
			continue
		}
		return n, err
	}
}
