// Package sessions implements `wtagent sessions`.
package sessions

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/internal/cellwidth"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/iostreams"
	"github.com/wtagent/wtagent/session"
)

// Options are the inputs of `wtagent sessions`.
type Options struct {
	IO *iostreams.IOStreams
	// Home resolves the data root.
	Home func() (session.Home, error)
	// JSON is --json.
	JSON  bool
	Limit int
}

// NewCmdSessions returns the sessions command. runF, when not nil, runs instead of
// the command itself, with the parsed options (tests of flags and arguments).
func NewCmdSessions(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	o := &Options{IO: f.IOStreams, Home: f.Home}
	cmd := &cobra.Command{
		Use:   "sessions",
		Short: "List sessions with root, state, turns and last activity",
		Long: `Lists the sessions stored under $WTAGENT_HOME/sessions, newest first, with
their project root, state (running, completed, interrupted, failed, cancelled,
or dead when the process that ran it is gone mid-run), turns and last
activity. --json prints one object per session.

"wtagent sessions rm ID" deletes a session, "wtagent sessions prune" the idle
ones.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			o.JSON = f.Global.JSON
			if runF != nil {
				return runF(o)
			}
			return sessionsRun(cmd.Context(), o)
		},
	}
	cmd.Flags().IntVarP(&o.Limit, "limit", "n", 30, "show at most this many sessions (0: all)")
	cmd.AddCommand(NewCmdRemove(f, nil), NewCmdPrune(f, nil))
	return cmd
}

func sessionsRun(ctx context.Context, o *Options) error {
	h, err := o.Home()
	if err != nil {
		return err
	}
	rows, err := session.Rows(ctx, h, o.Limit)
	if err != nil {
		return err
	}
	out := o.IO.Out
	if o.JSON {
		return cmdutil.WriteJSONLines(out, rows)
	}
	if len(rows) == 0 {
		fmt.Fprintln(out, "no sessions yet — start one with: wtagent -C DIR \"task\"")
		return nil
	}
	table := [][]string{{"ID", "STATE", "TURNS", "LAST ACTIVITY", "ROOT", "TASK"}}
	for _, r := range rows {
		task := cellwidth.Truncate(strings.Join(strings.Fields(r.Task), " "), 50, "…")
		if r.Error != "" {
			task = "(" + r.Error + ")"
		}
		table = append(table, []string{r.ID, r.State, strconv.Itoa(r.Turns), r.LastActivity.Local().Format("2006-01-02 15:04"), r.Root, task})
	}
	return cellwidth.Table(out, table)
}
