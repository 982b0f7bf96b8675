package applypatch

import (
	"errors"
	"fmt"
)

// Sentinel errors, tested with errors.Is.
var (
	// ErrSyntax is a patch that is not in the apply_patch format.
	ErrSyntax = errors.New("patch syntax")
	// ErrEmpty is a patch that changes no file.
	ErrEmpty = errors.New("empty patch")
	// ErrTooLarge is a patch over MaxSize bytes.
	ErrTooLarge = errors.New("patch too large")
	// ErrBinary is a patch or a file holding binary content.
	ErrBinary = errors.New("binary content")
	// ErrPath is a path that is empty, absolute, leaves the project or is
	// named twice.
	ErrPath = errors.New("bad path")
	// ErrNoMatch is a hunk whose lines are not in the file.
	ErrNoMatch = errors.New("hunk does not apply")
	// ErrAmbiguous is a hunk whose lines are in the file more than once.
	ErrAmbiguous = errors.New("hunk matches more than once")
)

// Error is a problem with one part of a patch: the file it is about (empty
// for the patch as a whole), the hunk (from 1; 0 for none) and the line of
// the patch text (from 1; 0 for none).
type Error struct {
	Path string
	Hunk int
	Line int
	Err  error
	// Detail says what is wrong, for the model.
	Detail string
}

func (e *Error) Error() string {
	s := e.Err.Error()
	if e.Path != "" {
		s = e.Path + ": " + s
	}
	if e.Hunk > 0 {
		s += fmt.Sprintf(" (hunk %d)", e.Hunk)
	}
	if e.Line > 0 {
		s += fmt.Sprintf(" at line %d of the patch", e.Line)
	}
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s
}

func (e *Error) Unwrap() error { return e.Err }
