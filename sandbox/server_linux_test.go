package sandbox

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// blocked starts sh -c line in sb (cat when line is "") with stdin a
// pipe that the program reads until the returned func closes it.
func blocked(t *testing.T, sb *Sandbox, dir, line string, attr *syscall.SysProcAttr) (*Program, *bytes.Buffer, func()) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cmd := exec.Command("/bin/sh", "-c", line)
	if line == "" {
		cmd = exec.Command("cat")
	}
	cmd.Dir, cmd.Env, cmd.SysProcAttr = dir, []string{"PATH=" + os.Getenv("PATH")}, attr
	var out bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = r, &out, &out
	p, err := sb.Start(cmd)
	if err != nil {
		w.Close()
		t.Fatal(err)
	}
	return p, &out, func() { w.Close() }
}

// hostPpid is pid's parent as wtagent sees it.
func hostPpid(t *testing.T, pid int) int {
	t.Helper()
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	n, _ := strconv.Atoi(f[1])
	return n
}

// TestSandboxProgramsAtOnce: several programs started at once from
// several goroutines all run together, confined, each under its own pid
// (as wtagent sees it) and the session's one init, and each reports its
// own exit.
func TestSandboxProgramsAtOnce(t *testing.T) {
	w := newWorld(t)
	sb := w.sandbox(t, WorkspaceWrite, false)
	const n = 6
	progs, outs, ends := make([]*Program, n), make([]*bytes.Buffer, n), make([]func(), n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			progs[i], outs[i], ends[i] = blocked(t, sb, w.root, "cat "+w.home+"/.ssh/id_rsa; cat >/dev/null; echo $PPID; exit "+strconv.Itoa(i), nil)
		})
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	pids := map[int]bool{}
	parents := map[int]bool{}
	for _, p := range progs { // all still run: each waits for its stdin
		pids[p.Pid()] = true
		parents[hostPpid(t, p.Pid())] = true
	}
	if len(pids) != n || len(parents) != 1 || parents[os.Getpid()] {
		t.Errorf("pids %v, parents %v: want %d programs under one init", pids, parents, n)
	}
	for i, p := range progs {
		ends[i]()
		exit, err := p.Wait()
		if err != nil || exit != (Exit{Code: i}) {
			t.Errorf("program %d: %+v %v", i, exit, err)
		}
		if out := outs[i].String(); strings.Contains(out, "SENTINEL") || !strings.HasSuffix(out, "\n1\n") {
			t.Errorf("program %d: %q", i, out)
		}
	}
}

// TestSandboxProgramPid: Pid is the program's pid as wtagent sees it and
// leads its process group, so the tree kill's group signal reaches it;
// Wait reports the signal.
func TestSandboxProgramPid(t *testing.T) {
	w := newWorld(t)
	sb := w.sandbox(t, WorkspaceWrite, false)
	p, _, end := blocked(t, sb, w.root, "", &syscall.SysProcAttr{Setsid: true})
	defer end()
	b, err := os.ReadFile("/proc/" + strconv.Itoa(p.Pid()) + "/cmdline")
	if err != nil || string(b) != "cat\x00" {
		t.Errorf("pid %d is %q (%v), want the program", p.Pid(), b, err)
	}
	if g, err := syscall.Getpgid(p.Pid()); err != nil || g != p.Pid() {
		t.Errorf("process group %d %v, want %d", g, err, p.Pid())
	}
	if err := syscall.Kill(-p.Pid(), syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	if exit, err := p.Wait(); err != nil || exit != (Exit{Code: -1, Signal: syscall.SIGKILL}) {
		t.Errorf("killed: %+v %v", exit, err)
	}
}

// TestSandboxLeftoversEnd: what a program leaves running in its process
// group is ended, so Wait (which waits for the output, held open by the
// leftover) returns.
func TestSandboxLeftoversEnd(t *testing.T) {
	w := newWorld(t)
	sb := w.sandbox(t, WorkspaceWrite, false)
	out, err := sh(t, sb, w.root, "sleep 100000 & echo started")
	if err != nil || out != "started\n" {
		t.Errorf("%v %q", err, out)
	}
}

// TestSandboxInitRestarts: when the session's init dies, the program
// running under it ends with it and Wait says so; the next Start gets a
// new init and is confined as before.
func TestSandboxInitRestarts(t *testing.T) {
	w := newWorld(t)
	sb := w.sandbox(t, WorkspaceWrite, false)
	p, _, end := blocked(t, sb, w.root, "cat", nil)
	defer end()
	first := hostPpid(t, p.Pid())
	if err := syscall.Kill(first, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	if exit, err := p.Wait(); !errors.Is(err, errInitEnded) || exit.Signal != syscall.SIGKILL {
		t.Errorf("program of a killed init: %+v %v", exit, err)
	}
	out, _ := sh(t, sb, w.root, "cat "+w.home+"/.ssh/id_rsa; echo x > .git/hooks/pre-commit; cat /proc/"+strconv.Itoa(os.Getpid())+"/environ; echo; echo ppid=$PPID; ls -d /proc/[0-9]* | wc -l")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if n, _ := strconv.Atoi(lines[len(lines)-1]); strings.Contains(out, "SENTINEL") || strings.Contains(out, "PATH=") ||
		!strings.Contains(out, "\nppid=1\n") || n < 2 || n > 4 {
		t.Errorf("after the restart: %q", out)
	}
	if _, err := os.Stat(w.root + "/.git/hooks/pre-commit"); err == nil {
		t.Error("a hook was planted after the restart")
	}
	q, _, end2 := blocked(t, sb, w.root, "cat", nil)
	defer end2()
	if second := hostPpid(t, q.Pid()); second == first || second == os.Getpid() {
		t.Errorf("init %d after %d", second, first)
	}
}
