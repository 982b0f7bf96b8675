// Package status implements `wtagent status`.
package status

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/internal/app/statusview"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/iostreams"
	"github.com/wtagent/wtagent/session"
)

// Options are the inputs of `wtagent status`.
type Options struct {
	IO *iostreams.IOStreams
	// Home resolves the data root.
	Home func() (session.Home, error)
	// JSON is --json.
	JSON bool
	ID   string
	All  bool
	// Tree adds each live session's actor tree.
	Tree bool
}

// NewCmdStatus returns the status command. runF, when not nil, runs instead of
// the command itself, with the parsed options (tests of flags and arguments).
func NewCmdStatus(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	o := &Options{IO: f.IOStreams, Home: f.Home}
	cmd := &cobra.Command{
		Use:   "status [ID]",
		Short: "Show live sessions: phase, turn, current tool and processes",
		Long: `Queries running wtagent sessions over their status sockets under
$WTAGENT_HOME/run/ (a unix socket per session, mode 0600 in a 0700 directory):
session id, project root, phase and turn, the ChatGPT state and conversation,
the tool running now and for how long and the dev servers it manages; a
session whose task is done and that waits at its prompt says "waiting for
input". --tree adds every supervised actor with its state, incarnation and
restarts.

Without ID it shows the live sessions; --all adds the others: those whose
process died in the middle of a run, interrupted, cancelled and failed ones
(each with the command that resumes it) and finished ones. --json prints one object per
session.`,
		Args: cmdutil.MaybeSessionID,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				o.ID = args[0]
			}
			o.JSON = f.Global.JSON
			if runF != nil {
				return runF(o)
			}
			return statusRun(cmd.Context(), o)
		},
	}
	cmd.Flags().BoolVar(&o.Tree, "tree", false, "also print each live session's supervised actors (state, incarnation, restarts)")
	cmd.Flags().BoolVarP(&o.All, "all", "a", false, "also list sessions that are not running (dead, interrupted, failed, finished)")
	return cmd
}

func statusRun(ctx context.Context, o *Options) error {
	h, err := o.Home()
	if err != nil {
		return err
	}
	if o.ID != "" {
		if err := session.ValidateID(o.ID); err != nil {
			return cmdutil.FlagErrorf("%v", err)
		}
	}
	entries, hidden, err := statusview.Entries(ctx, h, o.ID, o.All)
	if err != nil {
		return err
	}
	if o.JSON {
		return cmdutil.WriteJSONLines(o.IO.Out, entries)
	}
	statusview.PrintList(o.IO.Out, entries, hidden, o.Tree)
	return nil
}
