package sandbox

import (
	"errors"
	"os"
	"os/exec"
	"syscall"
)

// Program is a program a Sandbox started.
type Program struct {
	cmd *exec.Cmd
	// wait, when set, waits for the program instead of cmd.Wait (the
	// namespaced start, where cmd is the namespaces' init).
	wait func() (Exit, error)
}

// Exit is how a program ended.
type Exit struct {
	// Code is the exit code; -1 when a signal ended the program.
	Code int
	// Signal is the signal that ended the program, 0 when it exited.
	Signal syscall.Signal
}

// Pid is the process wtagent started: the program, or the init of its
// namespaces, whose process group and session the program shares.
func (p *Program) Pid() int { return p.cmd.Process.Pid }

// Wait waits for the program to exit (and for cmd's output copying, as
// exec.Cmd.Wait) and says how it ended. An exit code other than 0 is not
// an error.
func (p *Program) Wait() (Exit, error) {
	if p.wait != nil {
		return p.wait()
	}
	err := p.cmd.Wait()
	if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
		err = nil
	}
	return ExitOf(p.cmd.ProcessState), err
}

// ExitOf reads a finished process's exit code or signal.
func ExitOf(ps *os.ProcessState) Exit {
	if ps == nil {
		return Exit{Code: -1}
	}
	if ws, ok := ps.Sys().(interface {
		Signaled() bool
		Signal() syscall.Signal
	}); ok && ws.Signaled() {
		return Exit{Code: -1, Signal: ws.Signal()}
	}
	return Exit{Code: ps.ExitCode()}
}

// startPlain starts cmd as it is.
func startPlain(cmd *exec.Cmd) (*Program, error) {
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return &Program{cmd: cmd}, nil
}
