// Package export implements `wtagent export`.
package export

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/export/install"
	"github.com/wtagent/wtagent/internal/iostreams"
	"github.com/wtagent/wtagent/session"
)

// Options are the inputs of `wtagent export`.
type Options struct {
	IO *iostreams.IOStreams
	// Home resolves the data root.
	Home func() (session.Home, error)
	// Getenv reads the environment (where the target tool keeps its
	// sessions).
	Getenv func(string) string
	ID     string
	Format string
	Output string
	// Install writes the export where the target tool looks for sessions.
	Install bool
}

// NewCmdExport returns the export command; runF replaces the run (for
// tests), nil runs it.
func NewCmdExport(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	o := &Options{IO: f.IOStreams, Home: f.Home, Getenv: f.Getenv}
	cmd := &cobra.Command{
		Use:   "export ID",
		Short: "Export a session as a Codex rollout or a Claude Code transcript",
		Long: `Writes session ID as a Codex rollout (--format codex) or a Claude Code
transcript (--format claude-code), in the shapes Codex CLI and Claude Code
write themselves, so either tool can resume the session. Tools map onto the
targets' own: exec_command and apply_patch for Codex; Read, Write, Edit,
Bash, Grep and LS for Claude Code. A sub-agent (agent.run) is Claude Code's
Agent call, its conversation a sidechain transcript (after the session's
lines, or with --install in <session>/subagents/agent-<id>.jsonl); for Codex
it is the call with its output. Exports hold no wtagent protocol XML and
are redacted of common token formats.

With --install the file goes where the tool finds it ($CODEX_HOME/sessions/…
or ~/.codex/sessions/…; $CLAUDE_CONFIG_DIR/projects/… or
~/.claude/projects/<project>/…), and the command that opens it is printed.`,
		Example: `  wtagent export 20261202-143000-1a2b3c4d --format codex --install
  wtagent export 20261202-143000-1a2b3c4d --format claude-code --install
  wtagent export 20261202-143000-1a2b3c4d --format codex -o rollout.jsonl`,
		Args: cmdutil.ExactSessionID,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.ID = args[0]
			if o.Format != install.FormatCodex && o.Format != install.FormatClaude {
				return cmdutil.FlagErrorf("--format must be codex or claude-code, not %q", o.Format)
			}
			if o.Install && o.Output != "" {
				return cmdutil.FlagErrorf("--install and --output cannot be used together")
			}
			if err := session.ValidateID(o.ID); err != nil {
				return cmdutil.FlagErrorf("%v", err)
			}
			if runF != nil {
				return runF(o)
			}
			return exportRun(o)
		},
	}
	cmd.Flags().StringVar(&o.Format, "format", install.FormatCodex, "codex or claude-code")
	cmd.Flags().StringVarP(&o.Output, "output", "o", "", "write to FILE (mode 0600) instead of stdout")
	cmd.Flags().BoolVar(&o.Install, "install", false, "write where the tool looks and print the command that opens it")
	return cmd
}

func exportRun(o *Options) error {
	h, err := o.Home()
	if err != nil {
		return err
	}
	exp, err := install.Render(h, o.ID, o.Format)
	if err != nil {
		return err
	}
	switch {
	case o.Install:
		t, err := install.Install(exp, o.Format, o.Getenv)
		if err != nil {
			return err
		}
		fmt.Fprintf(o.IO.ErrOut, "wrote %s\n", t.Path)
		_, err = fmt.Fprintln(o.IO.Out, t.Command)
		return err
	case o.Output != "":
		exp.Data = exp.All()
		return install.WriteFile(o.Output, exp)
	}
	_, err = o.IO.Out.Write(exp.All())
	return err
}
