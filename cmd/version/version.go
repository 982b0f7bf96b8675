// Package version implements `wtagent version`.
package version

import (
	"fmt"
	"runtime"
	"strings"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/cmd/cmdutil"
)

// Options are the inputs of `wtagent version`.
type Options struct {
	F *cmdutil.Factory
}

// NewCmdVersion returns the version command. runF, when not nil, runs
// instead of the command itself, with the parsed options.
func NewCmdVersion(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	o := &Options{F: f}
	return &cobra.Command{
		Use:   "version",
		Short: "Print wtagent's version",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(o)
			}
			return versionRun(o)
		},
	}
}

func versionRun(o *Options) error {
	f := o.F
	out := f.IOStreams.Out
	if f.Global.JSON {
		return cmdutil.NewJSONLines(out).Line(map[string]string{
			"version": cmdutil.Version, "commit": cmdutil.Commit, "date": cmdutil.Date,
			"go": runtime.Version(), "os": runtime.GOOS, "arch": runtime.GOARCH,
		})
	}
	_, err := fmt.Fprintln(out, Line())
	return err
}

// Line is the one-line version that `wtagent version` and `wtagent
// --version` print: "wtagent 0.1.0 (go1.26.0, linux/amd64)", with the
// commit and date first in the parentheses when the build was stamped.
func Line() string {
	return line(cmdutil.Version, cmdutil.Commit, cmdutil.Date, runtime.Version(), runtime.GOOS+"/"+runtime.GOARCH)
}

func line(version, commit, date, goVersion, platform string) string {
	var parts []string
	for _, p := range []string{commit, date, goVersion, platform} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return fmt.Sprintf("wtagent %s (%s)", version, strings.Join(parts, ", "))
}
