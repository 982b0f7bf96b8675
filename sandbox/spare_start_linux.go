package sandbox

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"reflect"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/wtagent/wtagent/sandbox/internal/nsinit"
)

// startSpare starts cmd's program from the session's spare when one was
// prepared with c's settings and cmd is one a spare can start
// (spareable); ok is false when the caller must start it the cold way
// (no spare, other settings, the spare refused or failed). Either way a
// spare with c's settings is then prepared for the next start.
func (s *Sandbox) startSpare(cmd *exec.Cmd, c nsinit.Config) (p *Program, ok bool, err error) {
	sp := &s.kernel.spares
	defer func() {
		if !ok {
			sp.cold.Add(1)
		}
	}()
	if !spareable(cmd) {
		return nil, false, nil
	}
	n := sp.take(spareKey(s.kernel.init, c))
	if n == nil {
		return nil, false, nil
	}
	<-n.ready
	if n.err != nil {
		return nil, false, nil
	}
	p, err = s.serveFrom(n, cmd, c.Dir)
	if errors.Is(err, errSpare) {
		n.reap()
		return nil, false, nil
	}
	return p, true, err
}

// spareable reports whether a spare can start cmd: its SysProcAttr asks
// at most for a session, a controlling terminal and the parent-death
// signal SIGKILL (a spare dies with wtagent in any case), its stdin and
// extra files are files or nil.
func spareable(cmd *exec.Cmd) bool {
	if cmd.Stdin != nil {
		if _, ok := cmd.Stdin.(*os.File); !ok {
			return false
		}
	}
	for _, f := range cmd.ExtraFiles {
		if f == nil {
			return false
		}
	}
	if a := cmd.SysProcAttr; a != nil {
		if a.Pdeathsig != 0 && a.Pdeathsig != syscall.SIGKILL || a.Setctty && !a.Setsid {
			return false
		}
		rest := *a
		rest.Setsid, rest.Setctty, rest.Ctty, rest.Pdeathsig = false, false, 0, 0
		return reflect.DeepEqual(rest, syscall.SysProcAttr{})
	}
	return true
}

// serveFrom sends cmd to the ready spare n and returns once the program
// started, or with the reason it did not; errSpare when the spare could
// not take it (it refused: its covers no longer hold).
func (s *Sandbox) serveFrom(n *spare, cmd *exec.Cmd, dir string) (*Program, error) {
	req := nsinit.Request{Path: cmd.Path, Argv: cmd.Args, Dir: dir, Env: cmd.Environ()}
	if a := cmd.SysProcAttr; a != nil {
		req.Setsid, req.Setctty, req.Ctty = a.Setsid, a.Setctty, a.Ctty
	}
	io, err := openStdio(cmd)
	if err != nil {
		return nil, err
	}
	req.Files = len(io.child)
	err = sendRequest(n.conn, req, io.child)
	io.closeChild()
	if err != nil {
		io.wait()
		return nil, errSpare
	}
	line, _ := n.status.ReadString('\n')
	if strings.HasPrefix(line, "refuse ") {
		s.kernel.spares.refused.Add(1)
		n.reap()
		io.wait()
		return nil, errSpare
	}
	s.kernel.spares.served.Add(1)
	if err := parseStart(line, cmd.Path); err != nil {
		n.reap()
		io.wait()
		return nil, err
	}
	p := &Program{cmd: n.cmd}
	p.wait = func() (Exit, error) {
		defer n.conn.Close()
		err := n.cmd.Wait()
		n.releaseMounts()
		if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
			err = nil
		}
		if copyErr := io.wait(); err == nil {
			err = copyErr
		}
		if ws, ok := readExit(n.status); ok {
			return waitExit(ws), err
		}
		return ExitOf(n.cmd.ProcessState), err
	}
	return p, nil
}

// sendRequest sends req and its descriptors to a spare.
func sendRequest(conn *os.File, req nsinit.Request, files []*os.File) error {
	payload, err := req.Encode()
	if err != nil {
		return err
	}
	frames, err := nsinit.Frames(payload)
	if err != nil {
		return err
	}
	fds := make([]int, len(files))
	for i, f := range files {
		fds[i] = int(f.Fd())
	}
	rc, err := conn.SyscallConn()
	if err != nil {
		return err
	}
	for i, frame := range frames {
		var oob []byte
		if i == 0 {
			oob = unix.UnixRights(fds...)
		}
		var sendErr error
		if err := rc.Write(func(fd uintptr) bool {
			sendErr = unix.Sendmsg(int(fd), frame, oob, nil, 0)
			return sendErr != unix.EAGAIN
		}); err != nil {
			return err
		}
		if sendErr != nil {
			return fmt.Errorf("send to the spare: %w", sendErr)
		}
	}
	return nil
}
