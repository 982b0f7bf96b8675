// Package export implements `wtagent export`.
package export

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/cmd/cmdutil"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/policy"
	"github.com/wtagent/wtagent/session"
)

// Options are the inputs of `wtagent export`.
type Options struct {
	F      *cmdutil.Factory
	ID     string
	Format string
	Output string
}

// NewCmdExport returns the export command.
func NewCmdExport(f *cmdutil.Factory) *cobra.Command {
	o := &Options{F: f}
	cmd := &cobra.Command{
		Use:   "export ID",
		Short: "Export a session as a Codex rollout or a Claude Code transcript",
		Long: `Writes session ID as a Codex rollout (--format codex: a session_meta line,
then response_item lines with message, function_call and function_call_output
payloads) or as a Claude Code transcript (--format claude-code: user and
assistant lines with uuid, parentUuid, sessionId, cwd and timestamp, and text,
tool_use and tool_result blocks). Tools map onto the targets' own names where
one exists (shell and apply_patch for Codex; Read, Write, Edit, Bash, Grep and
Glob for Claude Code). Exports hold no wtagent protocol XML and are redacted of
common token formats.`,
		Example: `  wtagent export 20261202-143000-1a2b3c4d --format codex -o rollout.jsonl
  wtagent export 20261202-143000-1a2b3c4d --format claude-code > transcript.jsonl`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.ID = args[0]
			return exportRun(o)
		},
	}
	cmd.Flags().StringVar(&o.Format, "format", "codex", "codex or claude-code")
	cmd.Flags().StringVarP(&o.Output, "output", "o", "", "write to FILE (mode 0600) instead of stdout")
	return cmd
}

func exportRun(o *Options) error {
	export := map[string]func(*session.Session, io.Writer) error{
		"codex":       exportWith(session.ExportCodex),
		"claude-code": exportWith(session.ExportClaude),
	}[o.Format]
	if export == nil {
		return cmdutil.FlagErrorf("--format must be codex or claude-code, not %q", o.Format)
	}
	if err := session.ValidateID(o.ID); err != nil {
		return cmdutil.FlagErrorf("%v", err)
	}
	h, err := o.F.Home()
	if err != nil {
		return err
	}
	s, err := session.Open(h, o.ID)
	if err != nil {
		return err
	}
	defer s.Close()
	var buf bytes.Buffer
	if err := export(s, &buf); err != nil {
		return err
	}
	data := []byte(policy.Redact(buf.String()))
	if o.Output == "" {
		_, err := o.F.IOStreams.Out.Write(data)
		return err
	}
	return writeFileAtomic(o.Output, data)
}

func exportWith(fn func([]messages.Event, session.State, io.Writer) error) func(*session.Session, io.Writer) error {
	return func(s *session.Session, w io.Writer) error {
		events, _, err := s.Events()
		if err != nil {
			return err
		}
		st, err := s.LoadState()
		if err != nil {
			return err
		}
		return fn(events, st, w)
	}
}

// writeFileAtomic writes data to path through a synced temp file.
func writeFileAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	defer os.Remove(tmp.Name())
	err = tmp.Chmod(0o600)
	if err == nil {
		_, err = tmp.Write(data)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("export: write %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	return nil
}
