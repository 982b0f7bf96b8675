//go:build unix

package lineedit

import (
	"fmt"
	"io"
	"sync"

	"golang.org/x/sys/unix"
)

// waker is a self-pipe that interrupts a poll or select.
type waker struct {
	r, w   int
	mu     sync.Mutex
	closed bool
}

func newWaker() (*waker, error) {
	var p [2]int
	if err := unix.Pipe(p[:]); err != nil {
		return nil, fmt.Errorf("lineedit: wake-up pipe: %w", err)
	}
	for _, fd := range p {
		unix.CloseOnExec(fd)
		if err := unix.SetNonblock(fd, true); err != nil {
			unix.Close(p[0])
			unix.Close(p[1])
			return nil, fmt.Errorf("lineedit: wake-up pipe: %w", err)
		}
	}
	return &waker{r: p[0], w: p[1]}, nil
}

// wake makes the read end readable; a full pipe is already readable.
func (w *waker) wake() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.closed {
		unix.Write(w.w, []byte{0})
	}
}

// drain empties the pipe so the next poll blocks again.
func (w *waker) drain() {
	var buf [64]byte
	for {
		if n, err := unix.Read(w.r, buf[:]); n <= 0 || err != nil {
			return
		}
	}
}

func (w *waker) close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return nil
	}
	w.closed = true
	err1 := unix.Close(w.r)
	err2 := unix.Close(w.w)
	if err1 != nil {
		return fmt.Errorf("lineedit: close wake-up pipe: %w", err1)
	}
	if err2 != nil {
		return fmt.Errorf("lineedit: close wake-up pipe: %w", err2)
	}
	return nil
}

// readFd reads fd once. again reports a spurious wake-up (EINTR, or
// EAGAIN when the file is non-blocking and someone else took the input).
// A hung-up terminal (EIO) reads as end of input.
func readFd(fd int, p []byte) (n int, err error, again bool) {
	n, err = unix.Read(fd, p)
	switch {
	case err == unix.EINTR || err == unix.EAGAIN:
		return 0, nil, true
	case err == unix.EIO:
		return 0, io.EOF, false
	case err != nil:
		return 0, fmt.Errorf("lineedit: read: %w", err), false
	case n == 0:
		return 0, io.EOF, false
	}
	return n, nil, false
}
