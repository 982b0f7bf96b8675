package cmdutil

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

// errNoSessionID is the usage error of a command run without the session
// id it needs.
var errNoSessionID = errors.New("give a session id; see wtagent sessions")

// ExactSessionID is the Args of a command that takes exactly one session
// id: a missing or an extra argument is a usage error that says so.
func ExactSessionID(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return &FlagError{Err: errNoSessionID}
	}
	return atMostOneID(cmd, args)
}

// MaybeSessionID is the Args of a command that takes at most one session
// id.
func MaybeSessionID(cmd *cobra.Command, args []string) error {
	return atMostOneID(cmd, args)
}

// SessionIDs is the Args of a command that takes one or more session ids.
func SessionIDs(_ *cobra.Command, args []string) error {
	if len(args) == 0 {
		return FlagErrorf("give one or more session ids; see wtagent sessions")
	}
	return nil
}

func atMostOneID(cmd *cobra.Command, args []string) error {
	if len(args) > 1 {
		return FlagErrorf("%s takes one session id, not %d (%s)", cmd.CommandPath(), len(args), strings.Join(args, " "))
	}
	return nil
}

// UsageArgs makes every argument error of the commands under root a usage
// error (exit code 2), as a flag error is: cobra's own validators
// (cobra.NoArgs, cobra.ExactArgs…) return plain errors.
func UsageArgs(root *cobra.Command) {
	if validate := root.Args; validate != nil {
		root.Args = func(cmd *cobra.Command, args []string) error {
			err := validate(cmd, args)
			var fe *FlagError
			if err == nil || errors.As(err, &fe) {
				return err
			}
			return &FlagError{Err: fmt.Errorf("%w (see %s --help)", err, cmd.CommandPath())}
		}
	}
	for _, c := range root.Commands() {
		UsageArgs(c)
	}
}
