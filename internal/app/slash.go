package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/wtagent/wtagent/browser/picker"
	"github.com/wtagent/wtagent/checkpoint"
	"github.com/wtagent/wtagent/internal/app/slash"
	"github.com/wtagent/wtagent/internal/app/statusview"
	"github.com/wtagent/wtagent/internal/app/undoview"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/settings"
	"github.com/wtagent/wtagent/policy/evidence"
	"github.com/wtagent/wtagent/session"
)

// slashBeforeSession answers a command typed before the first task, when
// there is no session yet. exit is set for /exit.
func slashBeforeSession(o *Options, name string, args []string) (exit bool) {
	w := o.Env.IO.Out
	switch name {
	case "exit", "quit":
		return true
	case "help":
		slash.WriteHelp(w)
	case "mode", "effort":
		modeSlash(w, name, args, &o.Settings.Mode, &o.Settings.Effort, "before the first message")
	case "status", "diff", "undo", "new", "compact", "reveal", "evidence":
		fmt.Fprintf(w, "/%s: no session yet; type a task first\n", name)
	case "browser", "resume":
		slash.NoRunWorking(w, name)
	default:
		slash.Unknown(w, name)
	}
	return false
}

// modeSlash answers /mode [NAME] and /effort [TIER] on the request (mode,
// effort): with no argument it shows its part; otherwise it changes it and
// reports whether it did. The newer part wins: a mode naming another
// effort tier drops the effort, and an effort drops a mode naming another
// tier.
func modeSlash(w io.Writer, name string, args []string, mode, effort *string, when string) bool {
	cur := mode
	if name == "effort" {
		cur = effort
	}
	if len(args) == 0 {
		fmt.Fprintf(w, "ChatGPT %s: %s\n", name, slash.ModeName(*cur))
		return false
	}
	m, e := *mode, *effort
	if name == "mode" {
		m = args[0]
	} else {
		e = args[0]
	}
	dropped := ""
	if _, ok := picker.EffortWord(e); ok {
		if _, err := settings.CheckModeRequest(m, e); err != nil && name == "mode" {
			dropped, e = "effort "+e, ""
		} else if err != nil {
			dropped, m = "mode "+m, ""
		}
	}
	tier, err := settings.CheckModeRequest(m, e)
	if err != nil {
		fmt.Fprintf(w, "/%s: %v\n", name, err)
		return false
	}
	*mode, *effort = m, tier
	fmt.Fprintf(w, "ChatGPT %s: %s (selected %s)", name, *cur, when)
	if dropped != "" {
		fmt.Fprintf(w, "; the %s it replaces is dropped", dropped)
	}
	fmt.Fprintln(w)
	return true
}

// slash runs a command typed at the prompt between runs. exit is set for
// /exit.
func (r *runEnv) slash(ctx context.Context, name string, args []string) (exit bool) {
	w := r.o.Env.IO.Out
	var err error
	switch name {
	case "exit", "quit":
		return true
	case "help":
		slash.WriteHelp(w)
	case "status":
		err = r.slashStatus(ctx, w)
	case "diff":
		err = r.slashDiff(ctx, w, args)
	case "evidence":
		err = r.slashEvidence(w)
	case "undo":
		err = r.slashUndo(ctx, w, args)
	case "mode", "effort":
		if modeSlash(w, name, args, &r.mode, &r.effort, "before the next message") {
			r.rt.SetMode(r.mode, r.effort)
		}
	case "browser", "resume":
		slash.NoRunWorking(w, name)
	case "reveal":
		err = r.slashReveal(w, args)
	case "new", "compact":
		if err = r.rt.NewConversation(name == "compact"); err == nil {
			if name == "new" {
				fmt.Fprintln(w, "your next message starts a new conversation (same session, same files)")
			} else {
				fmt.Fprintln(w, "your next message continues in a fresh conversation from a checkpoint of this session")
			}
		}
	default:
		slash.Unknown(w, name)
	}
	if err != nil {
		fmt.Fprintf(w, "/%s: %v\n", name, err)
	}
	return false
}

func (r *runEnv) slashStatus(ctx context.Context, w io.Writer) error {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	st, err := statusview.Query(ctx, r.socket)
	if err != nil {
		return err
	}
	statusview.Print(w, statusview.Entry{Status: st, State: "running (waiting for your prompt)", SubAgents: statusview.SubAgentsOf(r.sess.Dir())})
	fmt.Fprintf(w, "  mode      %s\n", slash.ModeName(r.mode))
	fmt.Fprintf(w, "  effort    %s\n", slash.ModeName(r.effort))
	return nil
}

// timeline reads the turn number of /diff and /undo from args and the
// session's checkpoint timeline.
func (r *runEnv) timeline(args []string) (*checkpoint.Timeline, int, error) {
	n, err := slash.TurnArg(args)
	if err != nil {
		return nil, 0, err
	}
	if r.store == nil {
		return nil, 0, errors.New("this session has no snapshots")
	}
	events, _, err := r.sess.Events()
	if err != nil {
		return nil, 0, err
	}
	tl, err := checkpoint.NewTimeline(events)
	return tl, n, err
}

// slashEvidence shows, for each request of the session's last run, what
// the done gate holds the model to (the contract line of the live view).
func (r *runEnv) slashEvidence(w io.Writer) error {
	events, _, err := r.sess.Events()
	if err != nil {
		return err
	}
	rp, err := session.BuildReplay(events)
	if err != nil {
		return err
	}
	if len(rp.Requests) == 0 {
		fmt.Fprintln(w, "no request yet")
		return nil
	}
	for _, q := range rp.Requests {
		fmt.Fprintf(w, "  %s\n    %s\n", firstLineOf(q.Text), evidence.RequestNeeds(q.Text).Contract().Line())
	}
	return nil
}

// firstLineOf is a request's first line, marked when there is more.
func firstLineOf(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}

func (r *runEnv) slashDiff(ctx context.Context, w io.Writer, args []string) error {
	tl, n, err := r.timeline(args)
	if err != nil {
		return err
	}
	shown, err := tl.WriteDiff(ctx, w, r.store, n)
	if err == nil && shown == 0 {
		fmt.Fprintln(w, "no changes recorded")
	}
	return err
}

func (r *runEnv) slashUndo(ctx context.Context, w io.Writer, args []string) error {
	tl, n, err := r.timeline(args)
	if err != nil {
		return err
	}
	root, err := os.OpenRoot(r.o.Root)
	if err != nil {
		return err
	}
	defer root.Close()
	u := &checkpoint.Undo{Store: r.store, Root: root, Timeline: tl, Record: r.rt.Record}
	res, err := u.Run(ctx, n)
	undoFrom := func(turn int) string { return fmt.Sprintf("/undo %d", turn) }
	if err := undoview.Report(w, res, err, undoFrom); err != nil {
		var ee *cmdutil.ExitError
		if errors.As(err, &ee) {
			return nil // the refusal is reported
		}
		return err
	}
	if len(res.Restored) > 0 {
		var paths []string
		for _, st := range res.Restored {
			paths = append(paths, st.Path)
		}
		r.undoNote = fmt.Sprintf("(I undid your changes of turn %d and later: %s are back as they were before it. "+
			"Re-read a file before you edit it.)", res.Turn, strings.Join(paths, ", "))
	}
	return nil
}

// takeUndoNote returns what an undo restored, once: it goes before the
// next prompt, so the model knows the files changed under it.
func (r *runEnv) takeUndoNote() string {
	note := r.undoNote
	r.undoNote = ""
	return note
}

// slashReveal lists the sources of the secrets masked in messages to the
// model, or (with --approvals prompt, the user's deliberate choice)
// stops masking one of them.
func (r *runEnv) slashReveal(w io.Writer, args []string) error {
	if len(args) == 0 {
		src := r.rt.MaskedSources()
		if len(src) == 0 {
			fmt.Fprintln(w, "no secret values are masked in this project")
			return nil
		}
		fmt.Fprintln(w, "masked in every message to the model (token shapes are always masked):")
		for _, s := range src {
			fmt.Fprintln(w, "  "+s)
		}
		fmt.Fprintln(w, "/reveal SOURCE lets the model see that value from now on")
		return nil
	}
	source := strings.Join(args, " ")
	if err := r.rt.RevealSecret(source); err != nil {
		return err
	}
	fmt.Fprintf(w, "the model may now see the value of %s (logged)\n", source)
	return nil
}
