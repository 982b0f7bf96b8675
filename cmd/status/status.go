// Package status implements `wtagent status`.
package status

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

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

// Entry is one session in `wtagent status`.
type Entry struct {
	messages.Status
	// Dead is set for a session whose process is gone before its run ended.
	Dead   bool   `json:"dead,omitempty"`
	Resume string `json:"resume,omitempty"`
	State  string `json:"state"`
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
	var entries []Entry
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
		PrintEntry(out, e)
	}
	if hidden > 0 {
		fmt.Fprintf(out, "\n%d more not running: wtagent status --all (wtagent sessions prune removes idle ones)\n", hidden)
	}
	return nil
}

// entryFor builds a session's entry: live from its socket, else from
// session.json.
func entryFor(s session.Summary) Entry {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if st, err := cmdutil.QueryStatus(ctx, s.Socket); err == nil {
		return Entry{Status: st, State: "running"}
	}
	state := cmdutil.SessionState(s)
	e := Entry{State: state, Status: messages.Status{SessionID: s.ID, PID: s.PID, Root: s.Root, Provider: s.Provider,
		Phase: s.Phase, Turn: s.Turns, StartedAt: s.Created, UpdatedAt: s.LastActivity}}
	if state == "dead" || state == string(messages.OutcomeInterrupted) || state == string(messages.OutcomeFailed) {
		e.Dead = state == "dead"
		e.Resume = "wtagent resume " + s.ID
	}
	return e
}

// PrintEntry prints one session's status.
func PrintEntry(w io.Writer, e Entry) {
	st := e.Status
	head := fmt.Sprintf("● %s  %s", st.SessionID, e.State)
	if e.Dead {
		head += fmt.Sprintf(" (its process died; last activity %s)", st.UpdatedAt.Local().Format("2006-01-02 15:04:05"))
	}
	fmt.Fprintln(w, head)
	fmt.Fprintf(w, "  root      %s\n", st.Root)
	if st.Sandbox != "" {
		fmt.Fprintf(w, "  sandbox   %s\n", st.Sandbox)
	}
	fmt.Fprintf(w, "  phase     %s, turn %d\n", st.Phase, st.Turn)
	if st.Paused != "" {
		fmt.Fprintf(w, "  paused: %s (/resume in its terminal hands the browser back)\n", st.Paused)
	}
	if st.Live {
		fmt.Fprintf(w, "  pid       %d, up %s\n", st.PID, time.Since(st.StartedAt).Round(time.Second))
		model := string(st.ModelState)
		if model == "" {
			model = "-"
		}
		fmt.Fprintf(w, "  model     %s (%s)", st.Provider, model)
		if st.Cursor != "" {
			fmt.Fprintf(w, " at %s", st.Cursor)
		}
		fmt.Fprintln(w)
		if st.Mode != nil {
			fmt.Fprintf(w, "  chatgpt   %s\n", st.Mode)
		}
		if t := st.Tool; t != nil {
			fmt.Fprintf(w, "  tool      %s %s (%s)\n", t.Name, t.Summary, (time.Duration(t.ElapsedMS) * time.Millisecond).Round(100*time.Millisecond))
		}
		for _, q := range st.Queued {
			fmt.Fprintf(w, "  queued    %s\n", q.Text)
		}
		for _, p := range st.Processes {
			fmt.Fprintf(w, "  process   %s pid %d %s %s %s\n", p.ID, p.PID, p.State, p.Program, strings.Join(p.URLs, " "))
		}
		if len(st.Actors) > 0 {
			fmt.Fprintln(w, "  actors")
			for _, a := range st.Actors {
				extra := ""
				if a.Restarts > 0 {
					extra = fmt.Sprintf(", %d restarts", a.Restarts)
				}
				if a.LastError != "" {
					extra += ", last error: " + a.LastError
				}
				fmt.Fprintf(w, "    %-34s %-10s #%d%s\n", a.Path, a.State, a.Incarnation, extra)
			}
		}
	}
	if e.Resume != "" {
		fmt.Fprintf(w, "  resume with `%s`\n", e.Resume)
	}
}
