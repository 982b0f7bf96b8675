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
		i := Current()
		v := map[string]string{
			"version": i.Version, "commit": i.Commit, "date": i.Date,
			"go": runtime.Version(), "os": runtime.GOOS, "arch": runtime.GOARCH,
		}
		if i.Modified {
			v["modified"] = "true"
		}
		return cmdutil.NewJSONLines(out).Line(v)
	}
	_, err := fmt.Fprintln(out, Line())
	return err
}

// Line is the one-line version that `wtagent version` and `wtagent
// --version` print: "wtagent 0.1.0 (go1.26.0, linux/amd64)", with the
// commit (12 digits, "-dirty" after it for uncommitted changes) and its
// date first in the parentheses when the build knows them.
func Line() string {
	return line(Current(), runtime.Version(), runtime.GOOS+"/"+runtime.GOARCH)
}

func line(i Info, goVersion, platform string) string {
	var parts []string
	for _, p := range []string{i.shortCommit(), i.Date, goVersion, platform} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return fmt.Sprintf("wtagent %s (%s)", i.Version, strings.Join(parts, ", "))
}
