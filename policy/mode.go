package policy

import (
	"errors"
	"fmt"
	"strings"
)

// Mode is what happens to a call that needs approval (an "ask" verdict):
// the --approvals flag.
type Mode string

// The approval modes.
const (
	// ModePrompt asks the user; it needs a terminal on stdin.
	ModePrompt Mode = "prompt"
	// ModeDeny refuses every call that would ask; the model is told why.
	// It is the default when stdin is not a terminal.
	ModeDeny Mode = "deny"
	// ModeAllow allows every call that would ask. Hard denies (see the
	// package documentation) are still refused.
	ModeAllow Mode = "allow"
)

// ErrNoTTY means --approvals=prompt was asked for without a terminal to
// prompt on.
var ErrNoTTY = errors.New("--approvals=prompt needs a terminal on stdin; use --approvals=deny or --approvals=allow")

// ParseMode parses the --approvals flag. An empty value defaults to prompt
// when stdin is a terminal and to deny otherwise; prompt without a terminal
// is an error (ErrNoTTY).
func ParseMode(s string, stdinIsTTY bool) (Mode, error) {
	m := Mode(strings.ToLower(strings.TrimSpace(s)))
	switch m {
	case "":
		if stdinIsTTY {
			return ModePrompt, nil
		}
		return ModeDeny, nil
	case ModePrompt:
		if !stdinIsTTY {
			return "", ErrNoTTY
		}
		return m, nil
	case ModeDeny, ModeAllow:
		return m, nil
	}
	return "", fmt.Errorf("policy: unknown approvals mode %q: want prompt, deny or allow", s)
}

// Valid reports whether m is one of the modes.
func (m Mode) Valid() bool {
	return m == ModePrompt || m == ModeDeny || m == ModeAllow
}

// String returns the mode's flag value.
func (m Mode) String() string { return string(m) }
