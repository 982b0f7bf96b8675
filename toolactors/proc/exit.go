package proc

import "time"

// LeftoverGrace bounds how long processes a finished program left behind
// get between SIGTERM and SIGKILL.
const LeftoverGrace = time.Second

// DrainWait bounds the wait for the last output after the tree is gone.
const DrainWait = 2 * time.Second

// ExitInfo reads the exit code or the signal of a finished program (both
// empty before Wait has returned).
func ExitInfo(sp *Spawned) (code *int, sig string) {
	ex := sp.state
	if ex == nil {
		return nil, ""
	}
	if ex.Signal != 0 {
		return nil, signalName(ex.Signal)
	}
	n := ex.Code
	return &n, ""
}

// Leader is the pid of the program the tree was started for.
func (t Tree) Leader() int { return t.leader }
