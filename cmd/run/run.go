// Package run implements running a task: `wtagent [-C DIR] [TASK]`.
package run

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/cmd/cmdutil"
)

// Bind makes cmd (the root command) run a task.
func Bind(cmd *cobra.Command, f *cmdutil.Factory) {
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		return fmt.Errorf("run: %w", cmdutil.ErrNotAvailable)
	}
}
