package sandbox

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// killHelperEnv makes TestSpareKillHelper a stand-in wtagent: the world's
// paths and "spare" or "cold", separated by newlines.
const killHelperEnv = "WTAGENT_TEST_KILL_HELPER"

// goneWithin bounds the wait for killed processes to go (a failure
// bound, not a synchronisation: the wait ends on their exit).
const goneWithin = 2 * time.Minute

// TestInitsDieWithWtagent: kill -9 of the process that owns the sandbox
// (a stand-in wtagent) ends the init of a running program and the
// program, started by a spare or cold, and the idle spare prepared for
// the next program: nothing whose directory is the project remains.
func TestInitsDieWithWtagent(t *testing.T) {
	if testing.Short() {
		t.Skip("runs programs in a sandbox; not under -short")
	}
	for _, mode := range []string{"spare", "cold"} {
		t.Run(mode, func(t *testing.T) {
			w := newWorld(t)
			helper := exec.Command(os.Args[0], "-test.run=^TestSpareKillHelper$", "-test.count=1")
			helper.Env = append(os.Environ(), killHelperEnv+"="+strings.Join([]string{w.home, w.root, w.tmp, w.data, mode}, "\n"))
			helper.Stderr = os.Stderr
			out, err := helper.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := helper.Start(); err != nil {
				t.Fatal(err)
			}
			var pids []int
			line, _ := bufio.NewReader(out).ReadString('\n')
			for _, f := range strings.Fields(strings.TrimPrefix(line, "pids ")) {
				var pid int
				fmt.Sscan(f, &pid)
				pids = append(pids, pid)
			}
			running := inDir(t, w.root)
			if len(pids) == 0 || len(running) == 0 {
				helper.Process.Kill()
				helper.Wait()
				t.Fatalf("the stand-in reported %q; %d processes in the project", line, len(running))
			}
			helper.Process.Signal(syscall.SIGKILL)
			helper.Wait()
			for _, pid := range append(pids, running...) {
				waitPidGone(t, pid)
			}
			if left := inDir(t, w.root); len(left) > 0 {
				t.Errorf("processes left in the project: %v", left)
			}
		})
	}
}

// TestSpareKillHelper is the stand-in wtagent of TestInitsDieWithWtagent:
// it starts sleep in the sandbox, prints the pids of its init and of the
// idle spare and waits to be killed.
func TestSpareKillHelper(t *testing.T) {
	v := os.Getenv(killHelperEnv)
	if v == "" {
		t.Skip("the stand-in of TestInitsDieWithWtagent")
	}
	f := strings.Split(v, "\n")
	sb, err := New(Spec{Mode: WorkspaceWrite, Home: f[0], Root: f[1], TempDir: f[2], DataDir: f[3], Env: os.Environ()})
	if err != nil {
		t.Fatal(err)
	}
	if f[4] == "cold" {
		sb.kernel.spares.stop()
	} else if sb.kernel.spares.readySpare() == nil {
		t.Fatal("no spare")
	}
	cmd := exec.Command("/bin/sleep", "1000")
	cmd.Dir = f[1]
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Pdeathsig: syscall.SIGKILL}
	p, err := sb.Start(cmd)
	if err != nil {
		t.Fatal(err)
	}
	idle := 0
	if f[4] != "cold" {
		sb.refill(sb.initConfig())
		if n := sb.kernel.spares.readySpare(); n != nil {
			idle = n.cmd.Process.Pid
		}
	}
	fmt.Printf("pids %d %d\n", p.Pid(), idle)
	select {}
}

// inDir lists the processes whose working directory is dir.
func inDir(t *testing.T, dir string) []int {
	t.Helper()
	ents, err := os.ReadDir("/proc")
	if err != nil {
		t.Fatal(err)
	}
	var pids []int
	for _, e := range ents {
		var pid int
		if _, err := fmt.Sscan(e.Name(), &pid); err != nil {
			continue
		}
		if cwd, err := os.Readlink(filepath.Join("/proc", e.Name(), "cwd")); err == nil && cwd == dir {
			pids = append(pids, pid)
		}
	}
	return pids
}

// waitPidGone waits for pid (0: none) to end, up to goneWithin.
func waitPidGone(t *testing.T, pid int) {
	t.Helper()
	if pid == 0 {
		return
	}
	fd, err := unix.PidfdOpen(pid, 0)
	if err != nil {
		return // already gone
	}
	defer unix.Close(fd)
	fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
	for {
		n, err := unix.Poll(fds, int(goneWithin.Milliseconds()))
		if err == unix.EINTR {
			continue
		}
		if n == 0 && err == nil {
			t.Fatalf("pid %d survives wtagent's kill -9", pid)
		}
		return
	}
}
