package proc

import "time"

// TreeMarkerKey is the environment variable that tags a process tree.
const TreeMarkerKey = "WTAGENT_TREE"

// KillReport says how a process tree was stopped.
type KillReport struct {
	// Termed counts processes sent SIGTERM; Killed those that still needed
	// SIGKILL after the grace period.
	Termed int `json:"sigterm"`
	Killed int `json:"sigkill"`
	// Survivors lists pids still alive at the end (should be none).
	Survivors []int `json:"survivors,omitempty"`
	// Took is how long from the first signal until the last process was
	// gone.
	Took time.Duration `json:"took_ns"`
}

// pollEvery is how often a stopping tree is checked; rescanEvery how often
// it is scanned again for processes forked meanwhile.
const (
	pollEvery   = 10 * time.Millisecond
	rescanEvery = 100 * time.Millisecond
)

// KillWait bounds how long Terminate waits for SIGKILL (TerminateJobObject
// on Windows) to take effect after the grace period.
const KillWait = 2 * time.Second
