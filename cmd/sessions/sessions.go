// Package sessions implements `wtagent sessions`.
package sessions

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/cmd/cmdutil"
)

// NewCmdSessions returns the sessions command.
func NewCmdSessions(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "sessions",
		Short: "List sessions with root, state, turns and last activity",
		Long:  `Lists the sessions stored under $WTAGENT_HOME/sessions, newest first.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return fmt.Errorf("sessions: %w", cmdutil.ErrNotAvailable)
		},
	}
}
