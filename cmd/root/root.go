// Package root assembles the wtagent command tree.
package root

import (
	"github.com/spf13/cobra"

	acpcmd "github.com/wtagent/wtagent/cmd/acp"
	configcmd "github.com/wtagent/wtagent/cmd/config"
	democmd "github.com/wtagent/wtagent/cmd/demo"
	diffcmd "github.com/wtagent/wtagent/cmd/diff"
	doctorcmd "github.com/wtagent/wtagent/cmd/doctor"
	exportcmd "github.com/wtagent/wtagent/cmd/export"
	logincmd "github.com/wtagent/wtagent/cmd/login"
	mcpcmd "github.com/wtagent/wtagent/cmd/mcp"
	mockchatcmd "github.com/wtagent/wtagent/cmd/mockchat"
	resumecmd "github.com/wtagent/wtagent/cmd/resume"
	runcmd "github.com/wtagent/wtagent/cmd/run"
	sessionscmd "github.com/wtagent/wtagent/cmd/sessions"
	statuscmd "github.com/wtagent/wtagent/cmd/status"
	undocmd "github.com/wtagent/wtagent/cmd/undo"
	versioncmd "github.com/wtagent/wtagent/cmd/version"
	"github.com/wtagent/wtagent/internal/buildinfo"
	"github.com/wtagent/wtagent/internal/cmdutil"
)

// NewCmdRoot returns the wtagent command: running it with a task runs the
// agent; the subcommands manage sessions, the browser login and diagnostics.
func NewCmdRoot(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "wtagent [flags] [TASK]",
		Short: "A local coding agent whose model is your ChatGPT web session",
		Long: `wtagent is a coding agent in your terminal. Its model is your own ChatGPT web
session, driven in a dedicated Chrome window with its own profile; the tools
(files, programs, dev servers), the permissions and the session state stay on
this machine.

Run it with a task to start a session in the project directory (-C, or the
working directory). Without a task it opens an interactive prompt.

Log in to ChatGPT once with "wtagent login". Sessions are kept under
$WTAGENT_HOME (default: the OS application-data directory) and can be
resumed, inspected and exported.`,
		Example: `  wtagent login
  wtagent -C ./site "build me a small website with an about page"
  wtagent status
  wtagent resume 20261202-143000-1a2b3c4d "also add a contact page"`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          cobra.ArbitraryArgs,
		Version:       buildinfo.Line(),
	}
	cmd.SetVersionTemplate("{{.Version}}\n")
	cmd.SetIn(f.IOStreams.In)
	cmd.SetOut(f.IOStreams.Out)
	cmd.SetErr(f.IOStreams.ErrOut)
	cmd.SetFlagErrorFunc(cmdutil.FlagErrorFunc)

	pf := cmd.PersistentFlags()
	pf.StringVarP(&f.Global.Dir, "cd", "C", "", "project directory (default: the working directory)")
	pf.BoolVar(&f.Global.JSON, "json", false, "machine-readable output (for a run: one JSON event per line)")
	pf.StringVar(&f.Global.LogLevel, "log-level", "warn", "log level on stderr: debug, info, warn or error")

	runcmd.Bind(cmd, f, nil)

	cmd.AddCommand(
		logincmd.NewCmdLogin(f, nil),
		resumecmd.NewCmdResume(f, nil),
		statuscmd.NewCmdStatus(f, nil),
		sessionscmd.NewCmdSessions(f, nil),
		diffcmd.NewCmdDiff(f, nil),
		undocmd.NewCmdUndo(f, nil),
		exportcmd.NewCmdExport(f, nil),
		doctorcmd.NewCmdDoctor(f, nil),
		configcmd.NewCmdConfig(f, nil),
		mcpcmd.NewCmdMCP(f, nil),
		acpcmd.NewCmdACP(f, nil),
		mockchatcmd.NewCmdMockchat(f, nil),
		democmd.NewCmdDemo(f, nil),
		versioncmd.NewCmdVersion(f, nil),
	)
	cmdutil.UsageArgs(cmd)
	return cmd
}
