// Package acp implements `wtagent acp`: wtagent as an Agent Client
// Protocol agent on stdio, for editors.
package acp

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/internal/acp"
	"github.com/wtagent/wtagent/internal/app"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/settings"
	"github.com/wtagent/wtagent/session"
)

// Options are the inputs of `wtagent acp`: the run flags.
type Options struct {
	// Env is what the sessions take from the process: the streams (the
	// protocol's), the environment, the clock, the global flags.
	Env app.Env
	// Home resolves the data root.
	Home  func() (session.Home, error)
	Flags settings.Flags
}

// NewCmdACP returns the acp command. runF, when not nil, runs instead of
// the agent itself, with the parsed options (tests of flags).
func NewCmdACP(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	o := &Options{Home: f.Home}
	cmd := &cobra.Command{
		Use:   "acp",
		Short: "Serve editors as an Agent Client Protocol agent on stdin and stdout",
		Long: `Runs wtagent as an Agent Client Protocol (ACP) agent on stdin and stdout, for
an editor that hosts coding agents (Zed, the JetBrains IDEs, Neovim, Emacs).
Each ACP session is a wtagent session in the editor's project directory:
prompts are runs, the editor shows the model's messages, each tool call (with
diffs and command output) and asks you to approve risky calls; cancelling
pauses the run at the next safe point. Sessions can be loaded again later
(they are "wtagent resume"). Logs go to stderr; stdout carries only the
protocol.`,
		Example: `  # Zed: in settings.json
  "agent_servers": {
    "wtagent": { "command": "wtagent", "args": ["acp", "--mode", "thinking"] }
  }`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			o.Env = app.EnvOf(f)
			if runF != nil {
				return runF(o)
			}
			return acpRun(cmd.Context(), o)
		},
	}
	settings.AddFlags(cmd.Flags(), &o.Flags)
	return cmd
}

// acpRun serves ACP on o's streams, its sessions under the data root.
func acpRun(ctx context.Context, o *Options) error {
	home, err := o.Home()
	if err != nil {
		return err
	}
	return acp.Run(ctx, o.Env, home, &o.Flags)
}
