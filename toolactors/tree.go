package toolactors

import (
	"slices"
	"time"
)

// treeMarkerKey is the environment variable that tags a process tree.
const treeMarkerKey = "WTAGENT_TREE"

func newTreeMarker() string { return treeMarkerKey + "=" + randomHex(8) }

// member is one process of a tree, identified by pid and start time so a
// reused pid is never signalled.
type member struct {
	pid     int32
	created int64
}

// sameStart compares start times in milliseconds. gopsutil derives them
// from the boot time, which jitters by a second on some virtual machines,
// so a small difference is the same process; a reused pid started later.
func sameStart(a, b int64) bool {
	d := a - b
	return d >= -2000 && d <= 2000
}

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
	killWait    = 2 * time.Second
)

func mergeMembers(a, b []member) []member {
	out := slices.Clone(a)
	for _, m := range b {
		if !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	return out
}
