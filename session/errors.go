package session

import (
	"errors"
	"fmt"
)

// Sentinel errors, for errors.Is.
var (
	// ErrBadID means a session id does not have the form
	// YYYYMMDD-HHMMSS-<8 hex>.
	ErrBadID = errors.New("invalid session id")
	// ErrNotFound means no session has the id.
	ErrNotFound = errors.New("session not found")
	// ErrExists means a session with the id already exists.
	ErrExists = errors.New("session already exists")
	// ErrSymlink means a session path is a symbolic link, which is refused.
	ErrSymlink = errors.New("refusing a symbolic link")
	// ErrCorrupt means a session file does not parse.
	ErrCorrupt = errors.New("corrupt session file")
	// ErrClosed means the log, rollout or spool was closed.
	ErrClosed = errors.New("file already closed")
	// ErrLogBroken means a failed append could not be rolled back, so the
	// log refuses further writes rather than leave a partial line in the
	// middle.
	ErrLogBroken = errors.New("event log is broken after a failed write")
	// ErrStateTooLarge means a State would make session.json larger than
	// MaxStateBytes.
	ErrStateTooLarge = errors.New("session state too large")
	// ErrNoHome means the data root could not be determined.
	ErrNoHome = errors.New("cannot determine the wtagent data directory")
)

// CorruptError is a session file that does not parse, with the place.
type CorruptError struct {
	// Path is the file.
	Path string
	// Line is the 1-based line number for JSON Lines files, zero for
	// session.json.
	Line int
	// Err is the cause.
	Err error
}

// Error implements error.
func (e *CorruptError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s: line %d: %v", e.Path, e.Line, e.Err)
	}
	return fmt.Sprintf("%s: %v", e.Path, e.Err)
}

// Unwrap returns the cause.
func (e *CorruptError) Unwrap() error { return e.Err }

// Is reports ErrCorrupt.
func (e *CorruptError) Is(target error) bool { return target == ErrCorrupt }
