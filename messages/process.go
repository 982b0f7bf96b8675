package messages

import "github.com/wtagent/wtagent/session/event"

// ProcessEvent reports a change in a managed process (started, ready,
// crashed, stopped) to the controller and the status actor. The controller
// records it as event.ProcessPayload (a conversion: the two must keep the
// same fields).
type ProcessEvent struct {
	Info event.ProcessInfo
	// Err describes a crash or a failed start.
	Err string
}

// ListProcesses asks the process supervisor for the managed processes; the
// reply is a ProcessList.
type ListProcesses struct{}

// ProcessList is the reply to ListProcesses.
type ProcessList struct {
	Processes []event.ProcessInfo
}

// StopAllProcesses asks the process supervisor to stop every managed process
// (TERM, grace, KILL on each tree); the reply is a ProcessList of what was
// stopped.
type StopAllProcesses struct{}
