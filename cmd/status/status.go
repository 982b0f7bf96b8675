// Package status implements `wtagent status [ID]`.
package status

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/cmd/cmdutil"
)

// NewCmdStatus returns the status command.
func NewCmdStatus(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "status [ID]",
		Short: "Show live sessions: phase, turn, current tool, processes and the actor tree",
		Long:  `Queries running wtagent sessions over their status sockets under $WTAGENT_HOME/run/. Sessions whose process died are listed from session.json as dead.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return fmt.Errorf("status: %w", cmdutil.ErrNotAvailable)
		},
	}
}
