package messages

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

// ProcessEvent reports a change in a managed process (started, ready,
// crashed, stopped) to the controller and the status actor.
type ProcessEvent struct {
	Info ProcessInfo `json:"info"`
	// Err describes a crash or a failed start.
	Err string `json:"error,omitempty"`
}

// ListProcesses asks the process supervisor for the managed processes; the
// reply is a ProcessList.
type ListProcesses struct{}

// ProcessList is the reply to ListProcesses.
type ProcessList struct {
	Processes []ProcessInfo
}

// StopAllProcesses asks the process supervisor to stop every managed process
// (TERM, grace, KILL on each tree); the reply is a ProcessList of what was
// stopped.
type StopAllProcesses struct{}
