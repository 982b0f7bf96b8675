//go:build unix

package proc

import (
	"fmt"
	"os"
	"os/exec"
	"syscall"

	"github.com/creack/pty"
	"golang.org/x/sys/unix"

	"github.com/wtagent/wtagent/sandbox"
)

// Spawn starts plan's program in a new session whose controlling terminal
// is a fresh PTY (stdin and stdout; stderr on its own pipe when
// splitStderr). Terminal echo is off and stdin is at end-of-file, so a
// program that reads input gets EOF instead of hanging. Output
// post-processing (OPOST: "\n" to "\r\n") is off too: the stream is what
// the program wrote, and the PTY moves it about four times faster. On Linux the
// program gets SIGKILL if wtagent dies (PR_SET_PDEATHSIG). sb confines the
// program (nil: unconfined).
func Spawn(plan Plan, splitStderr bool, sb *sandbox.Sandbox) (*Spawned, error) {
	master, tty, err := openPTY()
	if err != nil {
		return nil, fmt.Errorf("open pty: %w", err)
	}
	defer tty.Close()
	sp := &Spawned{Term: master, Tree: Tree{marker: newTreeMarker()}}
	cmd := exec.Command(plan.Path, plan.Argv...)
	cmd.Args[0] = plan.Program
	cmd.Dir = plan.Dir
	cmd.Env = append(append([]string(nil), plan.Env...), sp.Tree.marker)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, tty, tty
	var errW *os.File
	if splitStderr {
		r, w, err := os.Pipe()
		if err != nil {
			master.Close()
			return nil, err
		}
		sp.Stderr, errW, cmd.Stderr = r, w, w
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	setDeathSignal(cmd.SysProcAttr)
	prog, err := sb.Start(cmd)
	if errW != nil {
		errW.Close()
	}
	if err != nil {
		sp.CloseAll()
		return nil, startError(plan, err)
	}
	sp.waitFn = prog.Wait
	sp.Tree.leader = prog.Pid()
	_, _ = master.Write([]byte{4}) // ^D: stdin is at end-of-file
	return sp, nil
}

// openPTY opens a PTY pair with echo off and a pollable master.
func openPTY() (master, tty *os.File, err error) {
	m, t, err := pty.Open()
	if err != nil {
		return nil, nil, err
	}
	if err := pty.Setsize(m, &pty.Winsize{Rows: termRows, Cols: termCols}); err != nil {
		m.Close()
		t.Close()
		return nil, nil, err
	}
	if err := setupTTY(int(t.Fd())); err != nil {
		m.Close()
		t.Close()
		return nil, nil, err
	}
	// pty.Open's master is in blocking mode (Fd() was called); a
	// non-blocking duplicate goes through the runtime poller, so Close
	// interrupts a pending Read.
	fd, err := unix.Dup(int(m.Fd()))
	m.Close()
	if err != nil {
		t.Close()
		return nil, nil, err
	}
	unix.CloseOnExec(fd)
	if err := unix.SetNonblock(fd, true); err != nil {
		unix.Close(fd)
		t.Close()
		return nil, nil, err
	}
	return os.NewFile(uintptr(fd), "/dev/ptmx"), t, nil
}
