package sessions

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/session"
)

// RemoveOptions are the inputs of `wtagent sessions rm`.
type RemoveOptions struct {
	F   *cmdutil.Factory
	IDs []string
}

// NewCmdRemove returns `wtagent sessions rm`. runF, when not nil, runs
// instead of the command itself, with the parsed options.
func NewCmdRemove(f *cmdutil.Factory, runF func(*RemoveOptions) error) *cobra.Command {
	o := &RemoveOptions{F: f}
	return &cobra.Command{
		Use:     "rm ID...",
		Aliases: []string{"remove"},
		Short:   "Delete sessions (their event logs, outputs and snapshots)",
		Long: `Deletes the named sessions from $WTAGENT_HOME/sessions. A running session is
refused: stop it first. Nothing in the project is touched.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.IDs = args
			if runF != nil {
				return runF(o)
			}
			return removeRun(o)
		},
	}
}

func removeRun(o *RemoveOptions) error {
	h, err := o.F.Home()
	if err != nil {
		return err
	}
	for _, id := range o.IDs {
		if err := session.ValidateID(id); err != nil {
			return cmdutil.FlagErrorf("%v", err)
		}
	}
	list, err := session.List(h)
	if err != nil {
		return err
	}
	byID := map[string]session.Summary{}
	for _, s := range list {
		byID[s.ID] = s
	}
	for _, id := range o.IDs {
		s, ok := byID[id]
		if !ok {
			return fmt.Errorf("no session %s under %s", id, h.SessionsDir())
		}
		if session.LiveState(s) == "running" {
			return fmt.Errorf("session %s is running (pid %d): stop it first", id, s.PID)
		}
	}
	for _, id := range o.IDs {
		if err := session.Remove(h, id); err != nil {
			return err
		}
		fmt.Fprintln(o.F.IOStreams.Out, "removed", id)
	}
	return nil
}

// PruneOptions are the inputs of `wtagent sessions prune`.
type PruneOptions struct {
	F         *cmdutil.Factory
	OlderThan time.Duration
	DryRun    bool
}

// NewCmdPrune returns `wtagent sessions prune`. runF, when not nil, runs
// instead of the command itself, with the parsed options.
func NewCmdPrune(f *cmdutil.Factory, runF func(*PruneOptions) error) *cobra.Command {
	o := &PruneOptions{F: f}
	cmd := &cobra.Command{
		Use:   "prune",
		Short: "Delete sessions that are not running and have been idle a while",
		Long: `Deletes every session that is not running and whose last activity is older
than --older-than (default 30 days), and every session that never got to its
first model turn. Running sessions are never touched. --dry-run lists what
would go.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(o)
			}
			return pruneRun(o)
		},
	}
	cmd.Flags().DurationVar(&o.OlderThan, "older-than", 30*24*time.Hour, "remove sessions idle longer than this")
	cmd.Flags().BoolVar(&o.DryRun, "dry-run", false, "list the sessions that would be removed, remove nothing")
	return cmd
}

func pruneRun(o *PruneOptions) error {
	h, err := o.F.Home()
	if err != nil {
		return err
	}
	list, err := session.List(h)
	if err != nil {
		return err
	}
	now := o.F.Now()
	out := o.F.IOStreams.Out
	n := 0
	for _, s := range list {
		if session.LiveState(s) == "running" {
			continue
		}
		if s.Turns > 0 && s.Err == nil && now.Sub(s.LastActivity) < o.OlderThan {
			continue
		}
		n++
		if o.DryRun {
			fmt.Fprintln(out, "would remove", s.ID)
			continue
		}
		if err := session.Remove(h, s.ID); err != nil {
			return err
		}
		fmt.Fprintln(out, "removed", s.ID)
	}
	if n == 0 {
		fmt.Fprintln(out, "nothing to prune")
	}
	return nil
}
