package tools

import (
	"errors"

	"github.com/wtagent/wtagent/toolactors/proc"
)

// Sentinel errors; tool results carry their code in Data.error and callers
// test them with errors.Is.
var (
	ErrUnknownTool     = errors.New("unknown tool")
	ErrBadArgs         = proc.ErrBadArgs
	ErrNoBoundary      = errors.New("no project boundary configured")
	ErrNotFound        = errors.New("no such file or directory")
	ErrIsDir           = errors.New("is a directory")
	ErrNotDir          = errors.New("not a directory")
	ErrSymlink         = errors.New("is a symbolic link")
	ErrBinary          = errors.New("binary file")
	ErrTooLarge        = errors.New("file too large")
	ErrOldTextMissing  = errors.New("old_text not found")
	ErrOldTextNotOne   = errors.New("old_text is not unique")
	ErrNoChange        = errors.New("edit changes nothing")
	ErrPatch           = errors.New("patch not applied")
	ErrExists          = errors.New("file already exists")
	ErrBadPattern      = errors.New("invalid search pattern")
	ErrProgramNotFound = proc.ErrProgramNotFound
	ErrExitedEarly     = errors.New("process exited before it was ready")
	ErrUnknownProcess  = errors.New("unknown process_id")
	ErrNoProcesses     = errors.New("process supervisor not available")
	ErrCrashed         = errors.New("tool crashed")
	ErrTimedOut        = errors.New("timed out")
	ErrCancelled       = errors.New("cancelled")
)

// errorCodes names each sentinel for the model (Data.error).
var errorCodes = []struct {
	err  error
	code string
}{
	{ErrUnknownTool, "unknown_tool"},
	{ErrBadArgs, "invalid_arguments"},
	{ErrNoBoundary, "no_boundary"},
	{ErrNotFound, "not_found"},
	{ErrIsDir, "is_directory"},
	{ErrNotDir, "not_directory"},
	{ErrSymlink, "symlink"},
	{ErrBinary, "binary_file"},
	{ErrTooLarge, "too_large"},
	{ErrOldTextMissing, "old_text_not_found"},
	{ErrOldTextNotOne, "old_text_not_unique"},
	{ErrNoChange, "no_change"},
	{ErrPatch, "patch_failed"},
	{ErrExists, "exists"},
	{ErrBadPattern, "invalid_pattern"},
	{ErrProgramNotFound, "program_not_found"},
	{ErrExitedEarly, "exited_early"},
	{ErrUnknownProcess, "unknown_process"},
	{ErrNoProcesses, "no_process_supervisor"},
	{ErrCrashed, "crashed"},
	{ErrTimedOut, "timeout"},
	{ErrCancelled, "cancelled"},
}

// errorCode returns the code of the first sentinel err wraps, or "error".
func errorCode(err error) string {
	for _, e := range errorCodes {
		if errors.Is(err, e.err) {
			return e.code
		}
	}
	return "error"
}
