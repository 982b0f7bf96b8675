// Package demo implements `wtagent demo`.
package demo

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/cmd/cmdutil"
)

// NewCmdDemo returns the demo command.
func NewCmdDemo(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "demo",
		Short: "Run the built-in acceptance scenario in a temporary project",
		Long:  `Runs the embedded demo: in an empty temporary directory a scripted conversation builds a small website, starts its dev server, meets a build error, fixes it and finishes. Through real Chromium against the mock page when Chromium is installed, through the scripted provider otherwise.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return fmt.Errorf("demo: %w", cmdutil.ErrNotAvailable)
		},
	}
}
