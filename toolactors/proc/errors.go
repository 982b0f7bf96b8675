package proc

import "errors"

// Sentinel errors; package tools gives them their codes for the model.
var (
	// ErrProgramNotFound is a program that does not exist or cannot be
	// run.
	ErrProgramNotFound = errors.New("program not found")
	// ErrBadArgs is a command line or an environment the platform cannot
	// pass to a program (a NUL byte, a batch file cmd.exe cannot quote).
	ErrBadArgs = errors.New("invalid arguments")
)
