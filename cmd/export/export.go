// Package export implements `wtagent export`.
package export

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/internal/atomicfile"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/export"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/policy/secrets"
	"github.com/wtagent/wtagent/session"
)

// Options are the inputs of `wtagent export`.
type Options struct {
	F      *cmdutil.Factory
	ID     string
	Format string
	Output string
	// Install writes the export where the target tool looks for sessions.
	Install bool
}

// NewCmdExport returns the export command; runF replaces the run (for
// tests), nil runs it.
func NewCmdExport(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	o := &Options{F: f}
	cmd := &cobra.Command{
		Use:   "export ID",
		Short: "Export a session as a Codex rollout or a Claude Code transcript",
		Long: `Writes session ID as a Codex rollout (--format codex) or a Claude Code
transcript (--format claude-code), in the shapes Codex CLI and Claude Code
write themselves, so either tool can resume the session. Tools map onto the
targets' own: exec_command and apply_patch for Codex; Read, Write, Edit,
Bash, Grep and LS for Claude Code. Exports hold no wtagent protocol XML and
are redacted of common token formats.

With --install the file goes where the tool finds it ($CODEX_HOME/sessions/…
or ~/.codex/sessions/…; $CLAUDE_CONFIG_DIR/projects/… or
~/.claude/projects/<project>/…), and the command that opens it is printed.`,
		Example: `  wtagent export 20261202-143000-1a2b3c4d --format codex --install
  wtagent export 20261202-143000-1a2b3c4d --format claude-code --install
  wtagent export 20261202-143000-1a2b3c4d --format codex -o rollout.jsonl`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.ID = args[0]
			if o.Format != formatCodex && o.Format != formatClaude {
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
	cmd.Flags().StringVar(&o.Format, "format", formatCodex, "codex or claude-code")
	cmd.Flags().StringVarP(&o.Output, "output", "o", "", "write to FILE (mode 0600) instead of stdout")
	cmd.Flags().BoolVar(&o.Install, "install", false, "write where the tool looks and print the command that opens it")
	return cmd
}

// The export formats.
const (
	formatCodex  = "codex"
	formatClaude = "claude-code"
)

// exported is a rendered export.
type exported struct {
	data  []byte
	state session.State
	// last is the time of the session's last event.
	last time.Time
}

func exportRun(o *Options) error {
	exp, err := render(o)
	if err != nil {
		return err
	}
	switch {
	case o.Install:
		t, err := installTarget(o.Format, o.F.Getenv, exp.state)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(t.path), 0o700); err != nil {
			return fmt.Errorf("export: %w", err)
		}
		if err := writeFile(t.path, exp); err != nil {
			return err
		}
		fmt.Fprintf(o.F.IOStreams.ErrOut, "wrote %s\n", t.path)
		_, err = fmt.Fprintln(o.F.IOStreams.Out, t.command)
		return err
	case o.Output != "":
		return writeFile(o.Output, exp)
	}
	_, err = o.F.IOStreams.Out.Write(exp.data)
	return err
}

// render opens the session and renders its export, redacted.
func render(o *Options) (exported, error) {
	h, err := o.F.Home()
	if err != nil {
		return exported{}, err
	}
	s, err := session.Open(h, o.ID)
	if err != nil {
		return exported{}, err
	}
	defer s.Close()
	events, _, err := s.Events()
	if err != nil {
		return exported{}, err
	}
	st, err := s.LoadState()
	if err != nil {
		return exported{}, err
	}
	if len(events) == 0 {
		return exported{}, fmt.Errorf("export: session %s has no events", o.ID)
	}
	fn := export.Codex
	if o.Format == formatClaude {
		fn = export.Claude
	}
	var buf bytes.Buffer
	if err := fn(events, st.ExportMeta(), &buf); err != nil {
		return exported{}, err
	}
	if st.Created.IsZero() {
		st.Created = events[0].TS
	}
	return exported{data: []byte(secrets.Redact(buf.String())), state: st, last: lastTime(events)}, nil
}

// lastTime is the time of the last event that has one.
func lastTime(events []messages.Event) time.Time {
	for i := len(events) - 1; i >= 0; i-- {
		if !events[i].TS.IsZero() {
			return events[i].TS
		}
	}
	return time.Time{}
}

// writeFile writes an export atomically and dates it to the session's last
// event, as the tools date their own session files.
func writeFile(path string, exp exported) error {
	if err := atomicfile.WriteFile(path, exp.data, 0o600); err != nil {
		return fmt.Errorf("export: write %s: %w", path, err)
	}
	if exp.last.IsZero() {
		return nil
	}
	if err := os.Chtimes(path, exp.last, exp.last); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	return nil
}

// errNoHome is returned when neither the tool's directory variable nor
// HOME is set.
var errNoHome = errors.New("export: HOME is not set")
