package toolactors

import "os"

// exitSignal is always "" on Windows: a process has no signals there, and
// one ended by TerminateJobObject reports the exit code it was given.
func exitSignal(*os.ProcessState) string { return "" }
