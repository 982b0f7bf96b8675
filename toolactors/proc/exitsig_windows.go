package proc

import "syscall"

// signalName is always "" on Windows: a process has no signals there, and
// one ended by TerminateJobObject reports the exit code it was given.
func signalName(syscall.Signal) string { return "" }
