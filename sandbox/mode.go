package sandbox

import (
	"fmt"
	"strings"
)

// Mode is how much a confined program may change.
type Mode string

// The modes, as Codex names them.
const (
	// WorkspaceWrite lets programs write the project, the session's
	// temporary directory and toolchain caches (the default).
	WorkspaceWrite Mode = "workspace-write"
	// ReadOnly lets programs write only the session's temporary directory.
	ReadOnly Mode = "read-only"
	// Off runs programs unconfined.
	Off Mode = "off"
)

// Modes lists the modes for help texts.
const Modes = "workspace-write, read-only or off"

// ParseMode reads a mode; "" is WorkspaceWrite.
func ParseMode(s string) (Mode, error) {
	switch m := Mode(strings.TrimSpace(strings.ToLower(s))); m {
	case "":
		return WorkspaceWrite, nil
	case WorkspaceWrite, ReadOnly, Off:
		return m, nil
	}
	return "", fmt.Errorf("%w: %q (want %s)", ErrBadMode, s, Modes)
}
