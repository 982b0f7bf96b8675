//go:build darwin || ios

package lineedit

import (
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// newDevice reads f with select(2) on f and a wake-up pipe: poll(2) does
// not work on terminals on macOS. As on the other systems the file's
// O_NONBLOCK flag is left alone (it is shared with the parent shell).
func newDevice(f *os.File) (device, error) {
	fd := int(f.Fd())
	w, err := newWaker()
	if err != nil {
		return nil, err
	}
	if fd >= unix.FD_SETSIZE || w.r >= unix.FD_SETSIZE {
		w.close()
		return blockingDevice{f}, nil
	}
	return &selectDevice{fd: fd, waker: w}, nil
}

type selectDevice struct {
	fd int
	*waker
}

func (d *selectDevice) interruptible() bool { return true }

func (d *selectDevice) read(p []byte) (int, error) {
	for {
		var set unix.FdSet
		set.Zero()
		set.Set(d.fd)
		set.Set(d.r)
		if _, err := unix.Select(max(d.fd, d.r)+1, &set, nil, nil, nil); err != nil {
			if err == unix.EINTR {
				continue
			}
			return 0, fmt.Errorf("lineedit: select: %w", err)
		}
		if set.IsSet(d.r) {
			d.drain()
			return 0, errWoken
		}
		if !set.IsSet(d.fd) {
			continue
		}
		n, err, again := readFd(d.fd, p)
		if again {
			continue
		}
		return n, err
	}
}
