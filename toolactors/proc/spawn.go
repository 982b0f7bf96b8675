package proc

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"

	"github.com/wtagent/wtagent/sandbox"
)

// termCols and termRows are the terminal size programs see (the PTY on
// Unix, the pseudo console on Windows).
const (
	termCols = 160
	termRows = 40
)

// Spawned is a program started under a terminal: a PTY on Unix, a pseudo
// console (ConPTY) on Windows.
type Spawned struct {
	// Term is the terminal's output: the program's stdout (and stderr
	// unless it has its own pipe). Closing it ends a pending read (on
	// Windows by closing the pseudo console, whose output then ends).
	Term io.ReadCloser
	// Stderr is the read end of the stderr pipe, or nil when stderr goes
	// to the terminal too.
	Stderr *os.File
	// Tree is the process tree the program leads.
	Tree Tree
	// waitFn waits for the leader to exit (on Windows also for its
	// console's last output) and returns how it ended.
	waitFn func() (sandbox.Exit, error)
	// state is how the leader ended, once wait has returned.
	state *sandbox.Exit
}

// Wait waits for the leader to exit and records how it ended.
func (sp *Spawned) Wait() {
	exit, _ := sp.waitFn()
	sp.state = &exit
}

// startError classifies a failed start.
func startError(plan Plan, err error) error {
	if errors.Is(err, exec.ErrNotFound) || errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("%w: %s: %v", ErrProgramNotFound, plan.Program, err)
	}
	return fmt.Errorf("start %s: %w", plan.Program, err)
}

// CloseAll releases the parent's ends.
func (sp *Spawned) CloseAll() {
	sp.Tree.release()
	sp.Term.Close()
	if sp.Stderr != nil {
		sp.Stderr.Close()
	}
}

// Pump copies r to each sink until EOF, EIO (the PTY's last writer went
// away) or close.
func Pump(r io.Reader, sink func([]byte)) {
	buf := make([]byte, 32<<10)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			sink(buf[:n])
		}
		if err != nil {
			return
		}
	}
}
