package mcp

import (
	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/iostreams"
	"github.com/wtagent/wtagent/internal/mcpadmin"
	"github.com/wtagent/wtagent/session"
)

// RemoveOptions are the inputs of `wtagent mcp remove`.
type RemoveOptions struct {
	IO *iostreams.IOStreams
	// Home resolves the data root; Getenv reads the environment (where
	// the config file is).
	Home   func() (session.Home, error)
	Getenv func(string) string
	Name   string
}

// NewCmdRemove returns `mcp remove`. runF, when not nil, runs instead of
// the command itself, with the parsed options (tests of flags and
// arguments).
func NewCmdRemove(f *cmdutil.Factory, runF func(*RemoveOptions) error) *cobra.Command {
	o := &RemoveOptions{IO: f.IOStreams, Home: f.Home, Getenv: f.Getenv}
	cmd := &cobra.Command{
		Use:     "remove NAME",
		Aliases: []string{"rm"},
		Short:   "Remove an MCP server from the config file",
		Args:    cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			o.Name = args[0]
			if runF != nil {
				return runF(o)
			}
			return mcpadmin.Remove(mcpadmin.Env{IO: o.IO, Home: o.Home, Getenv: o.Getenv}, o.Name)
		},
	}
	return cmd
}
