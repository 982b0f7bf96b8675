// Package version implements `wtagent version`.
package version

import (
	"encoding/json"
	"fmt"
	"runtime"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/cmd/cmdutil"
)

// NewCmdVersion returns the version command.
func NewCmdVersion(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print wtagent's version",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return versionRun(f)
		},
	}
}

func versionRun(f *cmdutil.Factory) error {
	out := f.IOStreams.Out
	if f.Global.JSON {
		return json.NewEncoder(out).Encode(map[string]string{
			"version": cmdutil.Version, "go": runtime.Version(), "os": runtime.GOOS, "arch": runtime.GOARCH,
		})
	}
	_, err := fmt.Fprintln(out, Line())
	return err
}

// Line is the one-line version that `wtagent version` and `wtagent
// --version` print.
func Line() string {
	return fmt.Sprintf("wtagent %s (%s, %s/%s)", cmdutil.Version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
