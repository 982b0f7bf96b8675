package event

import "time"

// ProcessState is the life-cycle state of a managed process.
type ProcessState string

// The process states.
const (
	ProcessStarting ProcessState = "starting"
	ProcessRunning  ProcessState = "running"
	ProcessReady    ProcessState = "ready"
	ProcessExited   ProcessState = "exited"
	ProcessCrashed  ProcessState = "crashed"
	ProcessStopped  ProcessState = "stopped"
)

// ProcessInfo describes a process that this runtime started with
// process.start.
type ProcessInfo struct {
	ID      string       `json:"process_id"`
	PID     int          `json:"pid"`
	Program string       `json:"program"`
	Argv    []string     `json:"argv,omitempty"`
	Cwd     string       `json:"cwd,omitempty"`
	State   ProcessState `json:"status"`
	URLs    []string     `json:"detected_urls,omitempty"`
	Started time.Time    `json:"started_at"`
	// ExitCode is set once the process exited.
	ExitCode *int   `json:"exit_code,omitempty"`
	Signal   string `json:"signal,omitempty"`
	// Restarts counts supervisor restarts of this process.
	Restarts int `json:"restarts,omitempty"`
}
