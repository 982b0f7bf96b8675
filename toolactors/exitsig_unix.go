//go:build unix

package toolactors

import (
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// exitSignal names the signal that ended a process ("SIGKILL"), or ""
// when it exited.
func exitSignal(ps *os.ProcessState) string {
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return unix.SignalName(ws.Signal())
	}
	return ""
}
