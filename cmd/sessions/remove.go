package sessions

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/iostreams"
	"github.com/wtagent/wtagent/session"
)

// RemoveOptions are the inputs of `wtagent sessions rm`.
type RemoveOptions struct {
	IO *iostreams.IOStreams
	// Home resolves the data root.
	Home func() (session.Home, error)
	IDs  []string
}

// NewCmdRemove returns `wtagent sessions rm`. runF, when not nil, runs
// instead of the command itself, with the parsed options.
func NewCmdRemove(f *cmdutil.Factory, runF func(*RemoveOptions) error) *cobra.Command {
	o := &RemoveOptions{IO: f.IOStreams, Home: f.Home}
	return &cobra.Command{
		Use:     "rm ID...",
		Aliases: []string{"remove"},
		Short:   "Delete sessions (their event logs, outputs and snapshots)",
		Long: `Deletes the named sessions from $WTAGENT_HOME/sessions. A running session is
refused: stop it first. Nothing in the project is touched.`,
		Args: cmdutil.SessionIDs,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.IDs = args
			if runF != nil {
				return runF(o)
			}
			return removeRun(cmd.Context(), o)
		},
	}
}

func removeRun(ctx context.Context, o *RemoveOptions) error {
	h, err := o.Home()
	if err != nil {
		return err
	}
	for _, id := range o.IDs {
		if err := session.ValidateID(id); err != nil {
			return cmdutil.FlagErrorf("%v", err)
		}
	}
	return session.RemoveStopped(ctx, h, o.IDs, func(id string) { fmt.Fprintln(o.IO.Out, "removed", id) })
}

// PruneOptions are the inputs of `wtagent sessions prune`.
type PruneOptions struct {
	IO *iostreams.IOStreams
	// Home resolves the data root; Now is the clock the age is measured
	// by.
	Home      func() (session.Home, error)
	Now       func() time.Time
	OlderThan time.Duration
	DryRun    bool
}

// NewCmdPrune returns `wtagent sessions prune`. runF, when not nil, runs
// instead of the command itself, with the parsed options.
func NewCmdPrune(f *cmdutil.Factory, runF func(*PruneOptions) error) *cobra.Command {
	o := &PruneOptions{IO: f.IOStreams, Home: f.Home, Now: f.Now}
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
			return pruneRun(cmd.Context(), o)
		},
	}
	cmd.Flags().DurationVar(&o.OlderThan, "older-than", 30*24*time.Hour, "remove sessions idle longer than this")
	cmd.Flags().BoolVar(&o.DryRun, "dry-run", false, "list the sessions that would be removed, remove nothing")
	return cmd
}

func pruneRun(ctx context.Context, o *PruneOptions) error {
	h, err := o.Home()
	if err != nil {
		return err
	}
	out := o.IO.Out
	verb := "removed"
	if o.DryRun {
		verb = "would remove"
	}
	n, err := session.Prune(ctx, h, o.Now(), o.OlderThan, o.DryRun, func(id string) { fmt.Fprintln(out, verb, id) })
	if err != nil {
		return err
	}
	if n == 0 {
		fmt.Fprintln(out, "nothing to prune")
	}
	return nil
}
