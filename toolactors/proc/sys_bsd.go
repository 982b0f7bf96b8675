//go:build darwin || freebsd || netbsd || openbsd || dragonfly

package proc

import (
	"syscall"

	"golang.org/x/sys/unix"
)

// setDeathSignal has no equivalent here; the tree kill and the process
// group cover normal exits.
func setDeathSignal(*syscall.SysProcAttr) {}

// setupTTY turns terminal echo and output processing off on a tty.
func setupTTY(fd int) error {
	t, err := unix.IoctlGetTermios(fd, unix.TIOCGETA)
	if err != nil {
		return err
	}
	t.Lflag &^= unix.ECHO | unix.ECHONL
	t.Oflag &^= unix.OPOST
	return unix.IoctlSetTermios(fd, unix.TIOCSETA, t)
}
