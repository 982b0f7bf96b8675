package sandbox

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/wtagent/wtagent/sandbox/internal/nsinit"
)

// errInitEnded: the session's init ended while a program was starting or
// running (the program ended with it); the next Start starts a new one.
var errInitEnded = errors.New("the sandbox's init ended")

// initServer is the session's init (package nsinit, Config.Serve): it
// set the namespaces, mounts and Landlock domain up once and forks each
// program it is asked for on the control socket.
type initServer struct {
	mu sync.Mutex
	// ctl is wtagent's end of the control socket; nil before the first
	// init and after Close.
	ctl *os.File
	// done is closed when the init has exited; closed is set by Close.
	done   chan struct{}
	proc   *os.Process
	closed bool
	// stderr is what the init wrote (it writes only when it cannot run).
	stderr *strings.Builder
}

// serverConfig is the init's configuration: the session's mounts.
func (s *Sandbox) serverConfig() nsinit.Config {
	c := nsinit.Config{ReadOnly: s.plan.readOnly, Masks: s.plan.masks, Loopback: s.spec.NoNetwork, Serve: true}
	mapIDs(&c)
	return c
}

// send sends one program's connection and descriptors to the session's
// init, starting one when there is none or the last one ended (a send
// that finds the init gone starts a new one and sends again: nothing had
// started).
func (s *Sandbox) send(files []*os.File) error {
	sv := &s.kernel.server
	sv.mu.Lock()
	defer sv.mu.Unlock()
	fds := make([]int, len(files))
	for i, f := range files {
		fds[i] = int(f.Fd())
	}
	oob := unix.UnixRights(fds...)
	for try := 0; ; try++ {
		if sv.closed {
			return fmt.Errorf("%w: the sandbox is closed", ErrSetup)
		}
		if sv.ctl != nil {
			select {
			case <-sv.done:
				sv.drop()
			default:
			}
		}
		if sv.ctl == nil {
			ruleset, err := s.rulesetFile()
			if err != nil {
				return err
			}
			err = sv.start(s.serverConfig(), ruleset)
			ruleset.Close()
			if err != nil {
				return fmt.Errorf("%w: restart the sandbox's init: %v", ErrSetup, err)
			}
		}
		err := unix.Sendmsg(int(sv.ctl.Fd()), []byte{'p'}, oob, nil, 0)
		if err == nil {
			return nil
		}
		sv.drop()
		if try > 0 {
			return fmt.Errorf("%w: %w: %v", ErrSetup, errInitEnded, err)
		}
	}
}

// start starts an init with config c and waits for its report. The init
// is started, and waited for, from a locked thread of its own: its
// parent-death signal follows the thread that started it, which no other
// goroutine can then end.
func (sv *initServer) start(c nsinit.Config, ruleset *os.File) error {
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_SEQPACKET|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrSetup, err)
	}
	ctl, theirs := os.NewFile(uintptr(fds[0]), "sandbox-init"), os.NewFile(uintptr(fds[1]), "sandbox-init")
	defer theirs.Close()
	in := exec.Command(initPath)
	in.Args = append([]string{nsinit.Arg0}, c.Args()...)
	in.Env = []string{nsinit.EnvKey + "=1"}
	sv.stderr = &strings.Builder{}
	in.Stderr = sv.stderr
	in.ExtraFiles = []*os.File{ruleset, theirs}
	in.SysProcAttr = initAttr(&syscall.SysProcAttr{Setsid: true, Pdeathsig: syscall.SIGKILL}, c.Loopback)
	started, done := make(chan error, 1), make(chan struct{})
	go func() {
		runtime.LockOSThread() // the init's parent thread: unlocked only once it has exited
		defer runtime.UnlockOSThread()
		if err := in.Start(); err != nil {
			started <- err
			return
		}
		started <- nil
		_ = in.Wait()
		close(done)
	}()
	if err := <-started; err != nil {
		ctl.Close()
		return fmt.Errorf("cannot create a user namespace: %w", err)
	}
	theirs.Close()
	buf := make([]byte, 512)
	n, rerr := ctl.Read(buf)
	line := strings.TrimSpace(string(buf[:max(n, 0)]))
	if line == "ok" {
		sv.ctl, sv.done, sv.proc = ctl, done, in.Process
		return nil
	}
	ctl.Close()
	_ = in.Process.Kill()
	<-done
	if kind, rest, _ := strings.Cut(line, " "); kind == "setup" {
		_, msg, _ := strings.Cut(rest, " ")
		return errors.New(msg)
	}
	return fmt.Errorf("the sandbox's init did not run (%v, %v): %s", rerr, in.ProcessState, strings.TrimSpace(sv.stderr.String()))
}

// close ends the init, and with it every program still running in its
// namespaces.
func (sv *initServer) close() {
	sv.mu.Lock()
	defer sv.mu.Unlock()
	sv.closed = true
	if sv.ctl != nil {
		sv.drop()
	}
}

// drop ends the init (if it still runs: os.Process signals no other
// process once it has been waited for) and forgets it; sv.mu is held.
func (sv *initServer) drop() {
	_ = sv.proc.Kill()
	<-sv.done
	sv.ctl.Close()
	sv.ctl = nil
}
