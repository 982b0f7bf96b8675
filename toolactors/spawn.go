package toolactors

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
)

// spawned is a program started under a PTY (a pipe on Windows).
type spawned struct {
	cmd *exec.Cmd
	// term is the PTY master (on Windows the read end of a pipe): the
	// program's stdout (and stderr unless it has its own pipe). On Unix it
	// is non-blocking, so closing it ends a read.
	term *os.File
	// stderr is the read end of the stderr pipe, or nil when stderr goes
	// to the terminal too.
	stderr *os.File
	tree   procTree
}

// startError classifies a failed start.
func startError(plan programPlan, err error) error {
	if errors.Is(err, exec.ErrNotFound) || errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("%w: %s: %v", ErrProgramNotFound, plan.Program, err)
	}
	return fmt.Errorf("start %s: %w", plan.Program, err)
}

// closeAll releases the parent's ends.
func (sp *spawned) closeAll() {
	sp.tree.release()
	sp.term.Close()
	if sp.stderr != nil {
		sp.stderr.Close()
	}
}

// pump copies r to each sink until EOF, EIO (the PTY's last writer went
// away) or close.
func pump(r io.Reader, sink func([]byte)) {
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
