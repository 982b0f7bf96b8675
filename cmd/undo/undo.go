// Package undo implements `wtagent undo`.
package undo

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/internal/app/changes"
	"github.com/wtagent/wtagent/internal/app/undoview"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/iostreams"
	"github.com/wtagent/wtagent/session"
)

// killAfterEnv makes undo kill itself with SIGKILL after that many files,
// to test that an undo cut short is finished by the next one: only in a
// wtfault build (package fault), never in the shipped binary.
const killAfterEnv = "WTAGENT_FAULT_UNDO_KILL_AFTER"

// Options are the inputs of `wtagent undo`.
type Options struct {
	IO *iostreams.IOStreams
	// Home resolves the data root.
	Home func() (session.Home, error)
	// Getenv reads the environment (the fault hook of a wtfault build).
	Getenv func(string) string
	ID     string
	Turn   int
}

// NewCmdUndo returns the undo command. runF, when not nil, runs instead of
// the command itself, with the parsed options (tests of flags and arguments).
func NewCmdUndo(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	o := &Options{IO: f.IOStreams, Home: f.Home, Getenv: f.Getenv}
	cmd := &cobra.Command{
		Use:   "undo ID",
		Short: "Restore the project to before a turn of a session",
		Long: `Restores every file that session ID changed in turn N and later (default: its
newest turn not yet undone) to what it was before that turn — files written by
the file tools and files changed by programs alike.

Files you changed by hand since the agent did are never touched: if there is
any, the undo is refused and they are listed. The undo is written ahead in the
session's event log before any file is touched; if it is cut short (kill -9),
run it again and it finishes. Run "wtagent diff ID" to see the changes first.`,
		Example: `  wtagent undo 20261202-143000-1a2b3c4d
  wtagent undo 20261202-143000-1a2b3c4d --turn 2`,
		Args: cmdutil.ExactSessionID,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.ID = args[0]
			if runF != nil {
				return runF(o)
			}
			return undoRun(cmd.Context(), o)
		},
	}
	cmd.Flags().IntVar(&o.Turn, "turn", 0, "undo turn `N` and every later one")
	return cmd
}

func undoRun(ctx context.Context, o *Options) error {
	if o.Turn < 0 {
		return cmdutil.FlagErrorf("--turn must be a turn number (1 or more), not %d", o.Turn)
	}
	if err := session.ValidateID(o.ID); err != nil {
		return cmdutil.FlagErrorf("%v", err)
	}
	h, err := o.Home()
	if err != nil {
		return err
	}
	c, err := changes.Open(ctx, h, o.ID, true)
	if err != nil {
		return err
	}
	defer c.Close()
	res, err := c.Undo(ctx, o.Turn, afterStep(o.Getenv))
	return undoview.Report(o.IO.Out, res, err, func(turn int) string {
		return fmt.Sprintf("wtagent undo %s --turn %d", o.ID, turn)
	})
}
