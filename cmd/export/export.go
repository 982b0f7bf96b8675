// Package export implements `wtagent export ID`.
package export

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/cmd/cmdutil"
)

// NewCmdExport returns the export command.
func NewCmdExport(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "export ID",
		Short: "Export a session as a Codex rollout or a Claude Code transcript",
		Long:  `Writes session ID as a Codex rollout (--format codex) or a Claude Code transcript (--format claude-code) to stdout or to -o FILE. Exports hold no wtagent protocol XML.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return fmt.Errorf("export: %w", cmdutil.ErrNotAvailable)
		},
	}
}
