// Package config implements `wtagent config`.
package config

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/cmd/cmdutil"
)

// NewCmdConfig returns the config command.
func NewCmdConfig(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "config",
		Short: "Print the effective configuration and where each value came from",
		Long:  `Prints the effective defaults (mode, approvals, limits, allowed environment variables, task-wide rules) from the config file and flags, and where each value came from.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return fmt.Errorf("config: %w", cmdutil.ErrNotAvailable)
		},
	}
}
