// Package mcp implements `wtagent mcp`: wtagent as an MCP server
// (`wtagent mcp serve`), and the user's MCP servers that runs use
// (`wtagent mcp add|list|remove`).
package mcp

import (
	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/mcpserve"
	"github.com/wtagent/wtagent/internal/settings"
)

// ServeOptions are the inputs of `wtagent mcp serve`.
type ServeOptions struct {
	// Env is what the server takes from the process: the streams, the
	// data root, the environment, the project directory, --log-level.
	Env      mcpserve.Env
	Settings mcpserve.Settings
}

// NewCmdMCP returns the mcp command and its subcommands. runServe, when
// not nil, runs instead of `mcp serve` itself, with the parsed options
// (tests of flags and arguments).
func NewCmdMCP(f *cmdutil.Factory, runServe func(*ServeOptions) error) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "mcp",
		Short: "Use your MCP servers in runs, and ChatGPT from other agents over MCP",
		Long: `wtagent speaks the Model Context Protocol both ways.

"wtagent mcp add", "list" and "remove" manage the MCP servers of the config
file ("mcp-servers"): a run offers their tools to the model as
mcp.NAME.TOOL, and every call asks for approval unless a rule allows it.

"wtagent mcp serve" is an MCP server (on stdio) whose tool "chatgpt" asks
your ChatGPT web session, in wtagent's dedicated Chrome profile, and
returns the reply.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(newCmdServe(f, runServe), NewCmdAdd(f, nil), NewCmdList(f, nil), NewCmdRemove(f, nil))
	return cmd
}

func newCmdServe(f *cmdutil.Factory, runF func(*ServeOptions) error) *cobra.Command {
	o := &ServeOptions{Env: mcpserve.Env{IO: f.IOStreams, Home: f.Home, Getenv: f.Getenv, ProjectRoot: f.ProjectRoot}}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the chatgpt tool over MCP on stdin and stdout",
		Long: `Runs an MCP server on stdin and stdout for a client such as Codex or Claude
Code. Its one tool, "chatgpt", sends a prompt (and files) to ChatGPT in
wtagent's dedicated Chrome profile (log in once with "wtagent login") and
returns the reply text exactly, with the conversation's URL; pass that URL
(or its id) as "conversation" to continue the conversation. Calls run one at
a time, in order. Relative file paths are resolved against the server's
working directory (-C).`,
		Example: `  # A reply can take minutes (an hour in Pro): give the tool that long.
  claude mcp add --scope user chatgpt -- wtagent mcp serve
  MCP_TOOL_TIMEOUT=3600000 claude

  # Codex: in ~/.codex/config.toml
  [mcp_servers.chatgpt]
  command = "wtagent"
  args = ["mcp", "serve", "--mode", "thinking"]
  tool_timeout_sec = 3600`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			o.Env.LogLevel = f.Global.LogLevel
			if runF != nil {
				return runF(o)
			}
			return mcpserve.Run(cmd.Context(), o.Env, o.Settings)
		},
	}
	fs, s := cmd.Flags(), &o.Settings
	fs.StringVar(&s.Mode, "mode", "", "ChatGPT mode of calls that name none, e.g. thinking or pro (default: the config file's, else keep the page's)")
	fs.StringVar(&s.Effort, "effort", "", "effort tier of calls that name no mode or effort (default: the config file's, else keep the page's)")
	fs.DurationVar(&s.TurnTimeout, "turn-timeout", 0, "longest wait for one reply (default: by mode, 20m without one)")
	fs.StringVar(&s.Locators, "locators", "", "page locator override file (default: page-locators.json in the config directory, if any)")
	fs.StringVar(&s.Chrome, "chrome", "", "Chrome or Chromium binary (default: found automatically; WTAGENT_CHROME overrides)")
	settings.AddChromeURLFlags(fs, &s.ChromeURL, &s.ChromeURLInsecureOK)
	fs.StringVar(&s.ChatGPTURL, "chatgpt-url", "", "ChatGPT origin (developers: a mock page)")
	fs.BoolVar(&s.Headless, "headless", false, "headless Chrome (tests only: you cannot log in)")
	cmdutil.HideDeveloperFlags(fs)
	return cmd
}
