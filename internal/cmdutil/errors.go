// Package cmdutil holds what every wtagent command shares: the Factory of
// dependencies, exit-code errors and flag helpers.
package cmdutil

import (
	"errors"
	"fmt"
)

// Exit codes of the wtagent command. They are a public contract.
const (
	ExitOK          = 0
	ExitFailed      = 1
	ExitUsage       = 2
	ExitInterrupted = 3
	ExitCancelled   = 130
)

// ErrNotAvailable marks a command that exists but is not built yet.
var ErrNotAvailable = errors.New("not available yet")

// ExitError ends the command with a specific exit code. Err, when set, is
// printed; a nil Err means the command already explained itself.
type ExitError struct {
	Code int
	Err  error
}

// Error implements error.
func (e *ExitError) Error() string {
	if e.Err == nil {
		return fmt.Sprintf("exit status %d", e.Code)
	}
	return e.Err.Error()
}

// Unwrap returns the wrapped error.
func (e *ExitError) Unwrap() error { return e.Err }

// FlagError is a usage error: bad flags or arguments (exit code 2).
type FlagError struct{ Err error }

// Error implements error.
func (e *FlagError) Error() string { return e.Err.Error() }

// Unwrap returns the wrapped error.
func (e *FlagError) Unwrap() error { return e.Err }

// FlagErrorf returns a usage error.
func FlagErrorf(format string, args ...any) error {
	return &FlagError{Err: fmt.Errorf(format, args...)}
}

// ExitCode maps an error returned by a command to the process exit code.
func ExitCode(err error) int {
	if err == nil {
		return ExitOK
	}
	var ee *ExitError
	if errors.As(err, &ee) {
		return ee.Code
	}
	var fe *FlagError
	if errors.As(err, &fe) {
		return ExitUsage
	}
	return ExitFailed
}
