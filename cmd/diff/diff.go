// Package diff implements `wtagent diff`.
package diff

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/internal/app/changes"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/iostreams"
	"github.com/wtagent/wtagent/session"
)

// Options are the inputs of `wtagent diff`.
type Options struct {
	IO *iostreams.IOStreams
	// Home resolves the data root.
	Home func() (session.Home, error)
	ID   string
	Turn int
	// TurnSet is set when --turn was given: it must then name a turn of
	// the session.
	TurnSet bool
}

// NewCmdDiff returns the diff command. runF, when not nil, runs instead of
// the command itself, with the parsed options (tests of flags and arguments).
func NewCmdDiff(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	o := &Options{IO: f.IOStreams, Home: f.Home}
	cmd := &cobra.Command{
		Use:   "diff ID",
		Short: "Show every change a session made to the project",
		Long: `Shows, as unified diffs, every change session ID made to the project's files:
those of the file tools and those of programs it ran alike. wtagent snapshots
the project before and after each call with side effects (as ghost commits in
a git store of the session's own when the project is a git repository, in a
content-addressed store otherwise; your index, HEAD and refs are never
touched). Each diff is headed by its turn and call. An undo shows as a change
of its own.`,
		Example: `  wtagent diff 20261202-143000-1a2b3c4d
  wtagent diff 20261202-143000-1a2b3c4d --turn 3`,
		Args: cmdutil.ExactSessionID,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.ID = args[0]
			o.TurnSet = cmd.Flags().Changed("turn")
			if o.TurnSet && o.Turn < 1 {
				return cmdutil.FlagErrorf("--turn must be a turn number (1 or more), not %d", o.Turn)
			}
			if runF != nil {
				return runF(o)
			}
			return diffRun(cmd.Context(), o)
		},
	}
	cmd.Flags().IntVar(&o.Turn, "turn", 0, "only the changes of turn `N`")
	return cmd
}

func diffRun(ctx context.Context, o *Options) error {
	if err := session.ValidateID(o.ID); err != nil {
		return cmdutil.FlagErrorf("%v", err)
	}
	h, err := o.Home()
	if err != nil {
		return err
	}
	c, err := changes.Open(ctx, h, o.ID, false)
	if err != nil {
		return err
	}
	defer c.Close()
	if err := checkTurn(o, c.Turn); err != nil {
		return err
	}
	n, err := c.WriteDiff(ctx, o.IO.Out, o.Turn)
	if err != nil {
		return err
	}
	if n == 0 {
		what := "session " + o.ID
		if o.Turn > 0 {
			what = fmt.Sprintf("turn %d of session %s", o.Turn, o.ID)
		}
		fmt.Fprintf(o.IO.ErrOut, "no changes recorded for %s\n", what)
	}
	return nil
}

// checkTurn refuses a --turn the session does not have (it has turns 1 to
// last).
func checkTurn(o *Options, last int) error {
	switch {
	case !o.TurnSet || o.Turn <= last:
		return nil
	case last == 0:
		return cmdutil.FlagErrorf("--turn %d: session %s has no turns yet", o.Turn, o.ID)
	case last == 1:
		return cmdutil.FlagErrorf("--turn %d: session %s has one turn, 1", o.Turn, o.ID)
	}
	return cmdutil.FlagErrorf("--turn %d: session %s has turns 1 to %d", o.Turn, o.ID, last)
}
