// Package resume implements `wtagent resume ID [TEXT]`.
package resume

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/cmd/cmdutil"
)

// NewCmdResume returns the resume command.
func NewCmdResume(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "resume ID [TEXT]",
		Short: "Continue a session after a finished run, a crash or kill -9",
		Long:  `Continues session ID: it replays the session's event log, resends a tool result the model never got, never re-runs a side effect whose outcome was lost, reopens the conversation and goes on. TEXT, if given, is a new instruction. Takes the same flags as a run.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return fmt.Errorf("resume: %w", cmdutil.ErrNotAvailable)
		},
	}
}
