package sandbox

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"testing"

	"golang.org/x/sys/unix"
)

// ownerEnv makes the test binary the helper of TestSandboxInitEndsWithWtagent.
const ownerEnv = "WTAGENT_TEST_SANDBOX_OWNER"

// TestSandboxInitEndsWithWtagent: when the process that owns a sandbox
// (wtagent) is killed, the session's init ends, and with it the programs
// it started.
func TestSandboxInitEndsWithWtagent(t *testing.T) {
	owner := exec.Command(os.Args[0], "-test.run=^TestSandboxOwnerHelper$", "-test.count=1")
	owner.Env = append(os.Environ(), ownerEnv+"=1")
	out, err := owner.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	owner.Stderr = os.Stderr
	stdin, err := owner.StdinPipe() // the helper waits on it
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	if err := owner.Start(); err != nil {
		t.Fatal(err)
	}
	var initPid, progPid int
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if _, err := fmt.Sscanf(sc.Text(), "pids %d %d", &initPid, &progPid); err == nil {
			break
		}
	}
	if initPid == 0 {
		_ = owner.Process.Kill()
		_ = owner.Wait()
		t.Fatal("the helper reported no pids")
	}
	var fds []int
	for _, pid := range []int{initPid, progPid} {
		fd, err := unix.PidfdOpen(pid, 0)
		if err != nil {
			t.Fatalf("pidfd %d: %v", pid, err)
		}
		defer unix.Close(fd)
		fds = append(fds, fd)
	}
	_ = owner.Process.Kill()
	_ = owner.Wait()
	for i, fd := range fds { // readable once the process has exited
		p := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
		for {
			if _, err := unix.Poll(p, -1); err != unix.EINTR {
				break
			}
		}
		if p[0].Revents&unix.POLLIN == 0 {
			t.Errorf("process %d (%s) still runs", []int{initPid, progPid}[i], []string{"init", "program"}[i])
		}
	}
}

// TestSandboxOwnerHelper is the owner of TestSandboxInitEndsWithWtagent:
// it starts a program that waits, prints the init's and the program's
// pids and waits on its stdin until it is killed.
func TestSandboxOwnerHelper(t *testing.T) {
	if os.Getenv(ownerEnv) != "1" {
		t.Skip("the helper of TestSandboxInitEndsWithWtagent")
	}
	w := newWorld(t)
	sb := w.sandbox(t, WorkspaceWrite, false)
	cmd := exec.Command("cat")
	cmd.Dir = w.root
	r, wr, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer wr.Close()
	cmd.Stdin = r
	p, err := sb.Start(cmd)
	r.Close()
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("pids %d %d\n", hostPpid(t, p.Pid()), p.Pid())
	var s string
	fmt.Scanln(&s)
}
