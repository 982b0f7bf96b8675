// Package mockchat implements `wtagent mockchat --script FILE`.
package mockchat

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/cmd/cmdutil"
)

// NewCmdMockchat returns the mockchat command.
func NewCmdMockchat(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "mockchat --script FILE",
		Short: "Serve the local mock ChatGPT page (developer command)",
		Long:  `Serves a faithful local mock of the ChatGPT page that answers from a scripted-model JSON Lines file, and prints its URL. Point a run at it with --chatgpt-url URL.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return fmt.Errorf("mockchat: %w", cmdutil.ErrNotAvailable)
		},
	}
}
