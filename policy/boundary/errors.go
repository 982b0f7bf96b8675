package boundary

import (
	"errors"
	"fmt"
)

// Sentinel errors that path errors wrap, so callers can test with errors.Is.
var (
	// ErrOutsideRoot means the path leads outside the project root: "..",
	// an absolute path elsewhere, or "~". The engine turns it into a
	// sensitive request that asks the user.
	ErrOutsideRoot = errors.New("path is outside the project root")
	// ErrBadPath means the path has a form the boundary refuses outright:
	// empty, NUL or other control bytes, invisible Unicode, names longer
	// than the file system allows, trailing dots or spaces, or ".." after a
	// name (a/../../b).
	ErrBadPath = errors.New("path is malformed")
	// ErrSymlinkEscape means a symbolic link in the path (a parent or the
	// target) leads outside the root, or is absolute, which os.Root never
	// follows.
	ErrSymlinkEscape = errors.New("symbolic link leads outside the project root")
	// ErrSpecialFile means the path names a device, a FIFO, a socket or
	// another non-regular file.
	ErrSpecialFile = errors.New("path is a device, FIFO or socket")
	// ErrProtected means the path is inside a directory wtagent never lets
	// the model touch (its own home, which holds the Chrome profile).
	ErrProtected = errors.New("path is protected")
	// ErrNotGranted means no approval or task rule covers the path.
	ErrNotGranted = errors.New("path is not granted")
)

// PathError is a refused path: the path as the model gave it, a one-line
// reason meant for the user and the model, and the sentinel it wraps.
type PathError struct {
	// Path is the path as given.
	Path string
	// Reason says why it was refused, in one sentence.
	Reason string
	// Err is one of the sentinel errors (or fs.ErrNotExist).
	Err error
}

// Error implements error.
func (e *PathError) Error() string {
	return fmt.Sprintf("%q: %s", e.Path, e.Reason)
}

// Unwrap returns the sentinel.
func (e *PathError) Unwrap() error { return e.Err }

func pathErr(path string, sentinel error, format string, args ...any) *PathError {
	return &PathError{Path: path, Reason: fmt.Sprintf(format, args...), Err: sentinel}
}

// ReasonOf returns the one-line reason of a *PathError, or err's text.
func ReasonOf(err error) string {
	var pe *PathError
	if errors.As(err, &pe) {
		return pe.Reason
	}
	return err.Error()
}
