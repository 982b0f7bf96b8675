//go:build unix

package tooltest

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/shirou/gopsutil/v3/process"
)

// ReadPids reads the process ids a program under test wrote to the files
// names under b's directory.
func ReadPids(t testing.TB, b *Boundary, names ...string) []int {
	t.Helper()
	var pids []int
	for _, n := range names {
		s := strings.TrimSpace(b.Read(t, n))
		pid, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("%s: %q", n, s)
		}
		pids = append(pids, pid)
	}
	return pids
}

// ProcessGone reports whether pid has exited (a zombie counts as gone).
func ProcessGone(pid int) bool {
	if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
		return true
	}
	st, err := (&process.Process{Pid: int32(pid)}).Status()
	return err != nil || (len(st) > 0 && st[0] == process.Zombie)
}

// Signalled makes a FIFO named name in dir and returns a channel closed
// when a program under test writes to it (`echo > name`): the moment the
// program says it got there, without polling.
func Signalled(t testing.TB, dir, name string) <-chan struct{} {
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
