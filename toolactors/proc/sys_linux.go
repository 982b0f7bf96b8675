package proc

import (
	"syscall"

	"golang.org/x/sys/unix"
)

// setDeathSignal makes the kernel SIGKILL the child when wtagent dies
// (PR_SET_PDEATHSIG), so a killed wtagent leaves no orphans. Go never
// retires the OS thread that forked a child unless it was locked, so the
// signal is tied to the process's life in practice.
func setDeathSignal(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }

// setupTTY turns terminal echo and output processing off on a tty.
func setupTTY(fd int) error {
	t, err := unix.IoctlGetTermios(fd, unix.TCGETS)
	if err != nil {
		return err
	}
	t.Lflag &^= unix.ECHO | unix.ECHONL
	t.Oflag &^= unix.OPOST
	return unix.IoctlSetTermios(fd, unix.TCSETS, t)
}
