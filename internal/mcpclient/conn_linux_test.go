package mcpclient

import (
	"errors"
	"strconv"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/wtagent/wtagent/internal/mcptest"
)

// TestCloseKillsTheTree: Close kills what the server started, not only
// the server (its process group).
func TestCloseKillsTheTree(t *testing.T) {
	c := connect(t, "tree", mcptest.Command(t), nil)
	out, _ := call(t, c, "spawn", nil)
	pid, err := strconv.Atoi(out)
	if err != nil {
		t.Fatalf("spawn: %q", out)
	}
	fd, err := unix.PidfdOpen(pid, 0)
	if err != nil {
		t.Fatalf("pidfd_open %d: %v", pid, err)
	}
	defer unix.Close(fd)
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
	for {
		n, err := unix.Poll(fds, int(hangGuard.Milliseconds()))
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			t.Fatalf("poll pidfd: %v", err)
		}
		if n != 1 {
			t.Fatalf("the server's child %d outlived Close", pid)
		}
		return
	}
}
