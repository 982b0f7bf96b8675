//go:build unix

package session

import (
	"syscall"
	"time"
)

// cpuTime is the process's user plus system CPU time: a benchmark figure
// that other load on the machine does not inflate the way wall time is.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
