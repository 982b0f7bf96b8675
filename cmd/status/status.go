// Package status implements `wtagent status`.
package status

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/internal/app/statusview"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/session"
)

// Options are the inputs of `wtagent status`.
type Options struct {
	F   *cmdutil.Factory
	ID  string
	All bool
}

// NewCmdStatus returns the status command. runF, when not nil, runs instead of
// the command itself, with the parsed options (tests of flags and arguments).
func NewCmdStatus(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	o := &Options{F: f}
	cmd := &cobra.Command{
		Use:   "status [ID]",
		Short: "Show live sessions: phase, turn, current tool, processes and the actor tree",
		Long: `Queries running wtagent sessions over their status sockets under
$WTAGENT_HOME/run/ (a unix socket per session, mode 0600 in a 0700 directory):
session id, project root, phase and turn, the ChatGPT state and conversation,
the tool running now and for how long, the dev servers it manages, and every
supervised actor with its state, incarnation and restarts.

Without ID it shows the live sessions; --all adds the others: those whose
process died in the middle of a run, interrupted and failed ones (each with
the command that resumes it) and finished ones. --json prints one object per
session.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				o.ID = args[0]
			}
			if runF != nil {
				return runF(o)
			}
			return statusRun(o)
		},
	}
	cmd.Flags().BoolVarP(&o.All, "all", "a", false, "also list sessions that are not running (dead, interrupted, failed, finished)")
	return cmd
}

func statusRun(o *Options) error {
	h, err := o.F.Home()
	if err != nil {
		return err
	}
	var list []session.Summary
	if o.ID != "" {
		if err := session.ValidateID(o.ID); err != nil {
			return cmdutil.FlagErrorf("%v", err)
		}
		all, err := session.List(h)
		if err != nil {
			return err
		}
		for _, s := range all {
			if s.ID == o.ID {
				list = append(list, s)
			}
		}
		if len(list) == 0 {
			return fmt.Errorf("no session %s under %s", o.ID, h.SessionsDir())
		}
	} else if list, err = session.List(h); err != nil {
		return err
	}
	var entries []statusview.Entry
	hidden := 0
	for _, s := range list {
		e := entryFor(s)
		if e.State == "running" || o.ID != "" || o.All {
			entries = append(entries, e)
		} else {
			hidden++
		}
	}
	out := o.F.IOStreams.Out
	if o.F.Global.JSON {
		return cmdutil.WriteJSONLines(out, entries)
	}
	if len(entries) == 0 {
		fmt.Fprintln(out, "no live sessions")
	}
	for i, e := range entries {
		if i > 0 {
			fmt.Fprintln(out)
		}
		statusview.Print(out, e)
	}
	if hidden > 0 {
		fmt.Fprintf(out, "\n%d more not running: wtagent status --all (wtagent sessions prune removes idle ones)\n", hidden)
	}
	return nil
}

// entryFor builds a session's entry: live from its socket, else from
// session.json.
func entryFor(s session.Summary) statusview.Entry {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if st, err := cmdutil.QueryStatus(ctx, s.Socket); err == nil {
		return statusview.Entry{Status: st, State: "running"}
	}
	state := session.LiveState(s)
	e := statusview.Entry{State: state, Status: messages.Status{SessionID: s.ID, PID: s.PID, Root: s.Root, Provider: s.Provider,
		Phase: s.Phase, Turn: s.Turns, StartedAt: s.Created, UpdatedAt: s.LastActivity}}
	if state == "dead" || state == string(messages.OutcomeInterrupted) || state == string(messages.OutcomeFailed) {
		e.Dead = state == "dead"
		e.Resume = "wtagent resume " + s.ID
	}
	return e
}
