package mcp

import (
	"time"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/iostreams"
	"github.com/wtagent/wtagent/internal/mcpadmin"
	"github.com/wtagent/wtagent/session"
)

// ListOptions are the inputs of `wtagent mcp list`.
type ListOptions struct {
	IO *iostreams.IOStreams
	// Home resolves the data root; Getenv reads the environment (where
	// the config file is) and Environ is the whole of it (what a server
	// starts from).
	Home    func() (session.Home, error)
	Getenv  func(string) string
	Environ func() []string
	// JSON is --json.
	JSON bool
	// Timeout is the longest one server may take to start and list its
	// tools.
	Timeout time.Duration
}

// NewCmdList returns `mcp list`. runF, when not nil, runs instead of the
// command itself, with the parsed options (tests of flags and arguments).
func NewCmdList(f *cmdutil.Factory, runF func(*ListOptions) error) *cobra.Command {
	o := &ListOptions{IO: f.IOStreams, Home: f.Home, Getenv: f.Getenv, Environ: f.Environ}
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List your MCP servers, their state and their tools",
		Long: `Starts (or reaches) every MCP server of the config file at once, as a run
would (the scrubbed environment plus the server's env), and prints each one:
its name, its command line or URL, its state (ready, or failed and why) and
its tools as mcp.NAME.TOOL with the first line of their descriptions. With
--json, one object per server. The exit status is 1 when a server failed.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if o.Timeout <= 0 {
				return cmdutil.FlagErrorf("--timeout must be positive, not %s", o.Timeout)
			}
			o.JSON = f.Global.JSON
			if runF != nil {
				return runF(o)
			}
			return mcpadmin.List(cmd.Context(), mcpadmin.Env{IO: o.IO, Home: o.Home, Getenv: o.Getenv, Environ: o.Environ, JSON: o.JSON}, o.Timeout)
		},
	}
	cmd.Flags().DurationVar(&o.Timeout, "timeout", 15*time.Second, "longest one server may take to start and list its tools")
	return cmd
}
