package mcp

import (
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/config"
	"github.com/wtagent/wtagent/internal/iostreams"
	"github.com/wtagent/wtagent/internal/mcpadmin"
	"github.com/wtagent/wtagent/session"
)

// AddOptions are the inputs of `wtagent mcp add`.
type AddOptions struct {
	IO *iostreams.IOStreams
	// Home resolves the data root; Getenv reads the environment (where
	// the config file is).
	Home   func() (session.Home, error)
	Getenv func(string) string
	Name   string
	Server config.MCPServer
	// Force replaces a server of the same name.
	Force bool
}

// addFlags are add's flags before they become a server.
type addFlags struct {
	env     []string
	url     string
	trust   bool
	timeout time.Duration
}

// NewCmdAdd returns `mcp add`. runF, when not nil, runs instead of the
// command itself, with the parsed options (tests of flags and arguments).
func NewCmdAdd(f *cmdutil.Factory, runF func(*AddOptions) error) *cobra.Command {
	o, fl := &AddOptions{IO: f.IOStreams, Home: f.Home, Getenv: f.Getenv}, &addFlags{}
	cmd := &cobra.Command{
		Use:   "add NAME [flags] -- COMMAND [ARGS...] | add NAME --url URL",
		Short: "Add an MCP server whose tools runs may use",
		Long: `Adds an MCP server to the config file ("mcp-servers"): a command that
speaks MCP on its stdin and stdout, or the URL of a streamable HTTP server.
A run offers its tools to the model as mcp.NAME.TOOL; each call asks for
approval unless a rule allows it ({"tool": "mcp.NAME.TOOL"} or "mcp.NAME.*").

The server gets wtagent's scrubbed environment (no credential-looking
variables but those of "allow-env") plus the --env variables. NAME is 1 to 40
letters, digits, "_" or "-".`,
		Example: `  wtagent mcp add fs -- npx -y @modelcontextprotocol/server-filesystem ~/notes
  wtagent mcp add github --env GITHUB_PERSONAL_ACCESS_TOKEN=… -- docker run -i --rm ghcr.io/github/github-mcp-server
  wtagent mcp add docs --url https://mcp.example.com/mcp --trust-annotations`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := fl.apply(o, args, cmd.ArgsLenAtDash(), cmd.Flags().Changed("timeout")); err != nil {
				return err
			}
			if runF != nil {
				return runF(o)
			}
			return mcpadmin.Add(mcpadmin.Env{IO: o.IO, Home: o.Home, Getenv: o.Getenv}, o.Name, o.Server, o.Force)
		},
	}
	fs := cmd.Flags()
	fs.StringArrayVarP(&fl.env, "env", "e", nil, "NAME=VALUE the server gets on top of the scrubbed environment (repeatable)")
	fs.StringVar(&fl.url, "url", "", "the URL of a streamable HTTP server (instead of a command)")
	fs.BoolVar(&fl.trust, "trust-annotations", false, "trust the server's readOnlyHint and destructiveHint")
	fs.DurationVar(&fl.timeout, "timeout", 0, "longest one call may take (default 2m)")
	fs.BoolVar(&o.Force, "force", false, "replace a server of the same name")
	return cmd
}

// apply makes the server of the arguments and flags; dash is where "--"
// was (-1: nowhere).
func (fl *addFlags) apply(o *AddOptions, args []string, dash int, timeoutSet bool) error {
	o.Name, args = args[0], args[1:]
	switch {
	case dash > 1:
		return cmdutil.FlagErrorf("one NAME before --, then the server's command: wtagent mcp add NAME [flags] -- COMMAND [ARGS...]")
	case fl.url != "" && len(args) > 0:
		return cmdutil.FlagErrorf("give --url or a command, not both")
	case fl.url == "" && len(args) == 0:
		return cmdutil.FlagErrorf("give the server's command after --, or --url URL")
	}
	s := config.MCPServer{URL: fl.url, TrustAnnotations: fl.trust}
	if len(args) > 0 {
		s.Command, s.Args = args[0], args[1:]
	}
	for _, kv := range fl.env {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return cmdutil.FlagErrorf("--env %q: want NAME=VALUE", kv)
		}
		if _, dup := s.Env[k]; dup {
			return cmdutil.FlagErrorf("--env %s is given twice", k)
		}
		if s.Env == nil {
			s.Env = map[string]string{}
		}
		s.Env[k] = v
	}
	if timeoutSet {
		if fl.timeout <= 0 {
			return cmdutil.FlagErrorf("--timeout must be positive, not %s", fl.timeout)
		}
		d := config.Duration(fl.timeout)
		s.Timeout = &d
	}
	if err := s.Validate(o.Name); err != nil {
		return &cmdutil.FlagError{Err: err}
	}
	o.Server = s
	return nil
}
