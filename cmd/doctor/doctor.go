// Package doctor implements `wtagent doctor`.
package doctor

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/cmd/cmdutil"
)

// NewCmdDoctor returns the doctor command.
func NewCmdDoctor(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "doctor",
		Short: "Check Chrome, the profile, the data directory, ripgrep and PTY support",
		Long:  `Checks what wtagent needs and explains each problem with its fix: Chrome or Chromium found, the profile directory, the $WTAGENT_HOME layout and permissions, ripgrep, PTY support, a leftover Chrome on the profile, and (with --login) the ChatGPT login state. Exits non-zero when something blocks use.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return fmt.Errorf("doctor: %w", cmdutil.ErrNotAvailable)
		},
	}
}
