package supervisor

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/anthdm/hollywood/actor"
	"golang.org/x/sys/unix"
)

// processOwner runs `sh -c 'sleep 30 & echo $!; wait'` in its own process
// group bound to Ctx(c), reports the pids of the shell and of its
// grandchild, and in Stopped waits for the shell to exit "gracefully"
// without ever signalling it: only the forced cancellation ends it.
func processOwner(pids chan<- [2]int) actor.Producer {
	return workerOf(nil, func(w *worker) {
		exited := make(chan struct{})
		w.onStart = func(c *actor.Context) {
			Go(c, func(ctx context.Context) any {
				defer close(exited)
				cmd := exec.CommandContext(ctx, "sh", "-c", "sleep 30 & echo $!; wait")
				cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
				cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
				cmd.WaitDelay = time.Second
				out, err := cmd.StdoutPipe()
				if err != nil {
					panic(err)
				}
				if err := cmd.Start(); err != nil {
					panic(err)
				}
				line, _ := bufio.NewReader(out).ReadString('\n')
				grandchild, _ := strconv.Atoi(strings.TrimSpace(line))
				pids <- [2]int{cmd.Process.Pid, grandchild}
				_ = cmd.Wait()
				return nil
			})
		}
		w.onStop = func(*actor.Context) { <-exited }
	})
}

func TestShutdownKillsStuckProcessGroupViaContext(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	e := newEngine(t)
	pids := make(chan [2]int, 1)
	root := startRoot(t, e, Spec{Children: []ChildSpec{
		{ID: "proc", Producer: processOwner(pids), Shutdown: 100 * time.Millisecond},
	}})
	var p [2]int
	select {
	case p = <-pids:
	case <-time.After(waitLimit):
		t.Fatal("process did not start")
	}
	if !alive(p[1]) {
		t.Fatalf("grandchild %d not running", p[1])
	}
	// The StopChild reply arrives well before `sleep 30` would end on its
	// own, and only because the context was cancelled.
	if reply := callOK[ChildStopResult](t, e, root.PID(), StopChild{ID: "proc"}).Reason; reply != Killed {
		t.Fatalf("StopChild reply = %v, want killed", reply)
	}
	if alive(p[0]) {
		t.Fatalf("shell %d survived", p[0])
	}
	if !exits(t, p[1]) { // the grandchild is reaped by init, asynchronously
		t.Fatalf("grandchild %d in the process group survived", p[1])
	}
}

// exits waits on a pidfd for pid to end and reports whether it did before
// the hang guard.
func exits(t *testing.T, pid int) bool {
	t.Helper()
	fd, err := unix.PidfdOpen(pid, 0)
	if errors.Is(err, unix.ESRCH) {
		return true
	}
	if err != nil {
		t.Fatalf("pidfd_open %d: %v", pid, err)
	}
	defer unix.Close(fd)
	fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
	for {
		n, err := unix.Poll(fds, int(waitLimit.Milliseconds()))
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			t.Fatalf("poll pidfd: %v", err)
		}
		return n == 1
	}
}

// alive reports whether pid is a running (not zombie) process.
func alive(pid int) bool {
	if pid <= 0 {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	s := string(stat)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || len(s) < i+3 || s[i+2] != 'Z'
}
