//go:build unix

package proc

import (
	"syscall"

	"golang.org/x/sys/unix"
)

// signalName names a signal that ended a process ("SIGKILL").
func signalName(sig syscall.Signal) string { return unix.SignalName(sig) }
