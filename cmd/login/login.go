// Package login implements `wtagent login`.
package login

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/cmd/cmdutil"
)

// NewCmdLogin returns the login command.
func NewCmdLogin(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "login",
		Short: "Open the dedicated Chrome profile so you can log in to ChatGPT",
		Long:  `Opens wtagent's own Chrome window (its persistent profile under $WTAGENT_HOME/chrome-profile, never your daily profile) on ChatGPT, waits until you have logged in by hand, and checks the login.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return fmt.Errorf("login: %w", cmdutil.ErrNotAvailable)
		},
	}
}
