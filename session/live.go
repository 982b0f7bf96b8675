package session

import (
	"context"
	"errors"
	"net"
	"os"
	"syscall"
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// ProcessAlive reports whether a process with that pid exists.
func ProcessAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	err = p.Signal(syscall.Signal(0))
	return err == nil || errors.Is(err, syscall.EPERM)
}

// SocketLive reports whether a wtagent process answers on a status socket
// (within 300 ms, or until ctx ends).
func SocketLive(ctx context.Context, path string) bool {
	if path == "" {
		return false
	}
	ctx, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancel()
	var d net.Dialer
	c, err := d.DialContext(ctx, "unix", path)
	if err != nil {
		return false
	}
	c.Close()
	return true
}

// LiveState is a session's state for listings: "running" while its
// process lives, the last run's outcome once it ended, and "dead" when the
// process that ran it is gone before the run ended.
func LiveState(ctx context.Context, s Summary) string {
	switch {
	case s.Err != nil && s.Phase == "":
		return "unreadable"
	case SocketLive(ctx, s.Socket) || s.Socket == "" && s.PID != 0 && ProcessAlive(s.PID):
		return "running"
	case s.Outcome != "":
		return string(s.Outcome)
	case s.PID != 0:
		return "dead"
	case s.Phase == event.PhaseCompleted:
		return "completed"
	}
	return "new"
}
