//go:build unix

package toolactors

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/shirou/gopsutil/v3/process"
)

// These are copies of package tools' test helpers of the same names.

func readPids(t *testing.T, b *testBoundary, names ...string) []int {
	t.Helper()
	var pids []int
	for _, n := range names {
		s := strings.TrimSpace(b.read(t, n))
		pid, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("%s: %q", n, s)
		}
		pids = append(pids, pid)
	}
	return pids
}

// processGone reports whether pid has exited (a zombie counts as gone).
func processGone(pid int) bool {
	if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
		return true
	}
	st, err := (&process.Process{Pid: int32(pid)}).Status()
	return err != nil || (len(st) > 0 && st[0] == process.Zombie)
}

// signalled makes a FIFO named name in dir and returns a channel closed
// when a program under test writes to it (`echo > name`): the moment the
// program says it got there, without polling.
func signalled(t *testing.T, dir, name string) <-chan struct{} {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Fatal(err)
	}
	fired, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		f, err := os.Open(p) // blocks until a writer opens it
		if err != nil {
			return
		}
		defer f.Close()
		if n, _ := f.Read(make([]byte, 1)); n > 0 {
			close(fired)
		}
	}()
	t.Cleanup(func() {
		// A reader still waiting for a writer: be that writer, with nothing to say.
		for {
			select {
			case <-done:
				return
			default:
			}
			if w, err := os.OpenFile(p, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				w.Close()
			}
			runtime.Gosched()
		}
	})
	return fired
}

// await waits for ch, failing the test after the hang guard.
func await(t *testing.T, what string, ch <-chan struct{}) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(2 * time.Minute):
		t.Fatalf("timed out waiting for %s", what)
	}
}
