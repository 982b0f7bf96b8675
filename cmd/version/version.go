// Package version implements `wtagent version`.
package version

import (
	"fmt"
	"runtime"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/internal/buildinfo"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/iostreams"
)

// Options are the inputs of `wtagent version`.
type Options struct {
	IO *iostreams.IOStreams
	// JSON is --json.
	JSON bool
}

// NewCmdVersion returns the version command. runF, when not nil, runs
// instead of the command itself, with the parsed options.
func NewCmdVersion(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	o := &Options{IO: f.IOStreams}
	return &cobra.Command{
		Use:   "version",
		Short: "Print wtagent's version",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			o.JSON = f.Global.JSON
			if runF != nil {
				return runF(o)
			}
			return versionRun(o)
		},
	}
}

func versionRun(o *Options) error {
	out := o.IO.Out
	if o.JSON {
		i := buildinfo.Current()
		v := map[string]string{
			"version": i.Version, "commit": i.Commit, "date": i.Date,
			"go": runtime.Version(), "os": runtime.GOOS, "arch": runtime.GOARCH,
		}
		if i.Modified {
			v["modified"] = "true"
		}
		return cmdutil.NewJSONLines(out).Line(v)
	}
	_, err := fmt.Fprintln(out, buildinfo.Line())
	return err
}
