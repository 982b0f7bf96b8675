package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/wtagent/wtagent/browser"
	"github.com/wtagent/wtagent/checkpoint"
	"github.com/wtagent/wtagent/internal/app/statusview"
	"github.com/wtagent/wtagent/internal/app/undoview"
	"github.com/wtagent/wtagent/internal/cmdutil"
)

// slashCommands are the interactive prompt's own commands. A line that
// starts with one never goes to the model.
var slashCommands = []struct{ name, args, text string }{
	{"help", "", "this list"},
	{"status", "", "the session: phase, turn, model, running tool, dev servers"},
	{"diff", "[N]", "what the session changed, files and commands alike (turn N only)"},
	{"undo", "[N]", "put the files back as they were before turn N (default: the newest turn not undone)"},
	{"mode", "[NAME]", "show the ChatGPT mode, or select NAME (thinking, pro …) for the next messages"},
	{"effort", "[TIER]", "show the ChatGPT effort tier, or select TIER (light, standard, extended, extra-high, pro) for the next messages"},
	{"new", "", "start a new conversation with the next message (same session)"},
	{"compact", "", "continue in a fresh conversation from a checkpoint of this session, with the next message"},
	{"browser", "", "while a run works (or Ctrl+O): pause it at a safe point and give you the Chrome window"},
	{"resume", "", "after /browser (or Enter on the empty prompt): hand the window back; the run reads the page again"},
	{"reveal", "[SOURCE]", "list the sources of masked secrets, or let the model see SOURCE's value from now on (--approvals prompt; logged)"},
	{"exit", "", "end the session (like Ctrl+D)"},
}

// parseSlash splits a prompt line into a slash command and its arguments.
// ok is false for a line that is not a command; a path such as /tmp/x is
// not one. "/" alone is the empty command (answered with help).
func parseSlash(line string) (name string, args []string, ok bool) {
	t := strings.TrimSpace(line)
	if !strings.HasPrefix(t, "/") || strings.Contains(t, "\n") {
		return "", nil, false
	}
	f := strings.Fields(t[1:])
	if len(f) == 0 {
		return "", nil, true
	}
	if strings.ContainsAny(f[0], "/.") {
		return "", nil, false
	}
	return strings.ToLower(f[0]), f[1:], true
}

func writeSlashHelp(w io.Writer) {
	fmt.Fprintln(w, "Commands (never sent to the model):")
	for _, c := range slashCommands {
		fmt.Fprintf(w, "  /%-16s %s\n", strings.TrimSpace(c.name+" "+c.args), c.text)
	}
}

// slashBeforeSession answers a command typed before the first task, when
// there is no session yet. exit is set for /exit.
func slashBeforeSession(o *Options, name string, args []string) (exit bool) {
	w := o.F.IOStreams.Out
	switch name {
	case "exit", "quit":
		return true
	case "help":
		writeSlashHelp(w)
	case "mode", "effort":
		modeSlash(w, name, args, &o.Settings.Mode, &o.Settings.Effort, "before the first message")
	case "status", "diff", "undo", "new", "compact", "reveal":
		fmt.Fprintf(w, "/%s: no session yet; type a task first\n", name)
	case "browser", "resume":
		noRunWorking(w, name)
	default:
		unknownSlash(w, name)
	}
	return false
}

func unknownSlash(w io.Writer, name string) {
	if name != "" {
		fmt.Fprintf(w, "unknown command /%s (it was not sent to the model)\n", name)
	}
	writeSlashHelp(w)
}

func modeName(m string) string {
	if m == "" {
		return "the page's current one (none asked for)"
	}
	return m
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
		fmt.Fprintf(w, "ChatGPT %s: %s\n", name, modeName(*cur))
		return false
	}
	m, e := *mode, *effort
	if name == "mode" {
		m = args[0]
	} else {
		e = args[0]
	}
	dropped := ""
	if _, ok := browser.EffortTier(e); ok {
		if _, err := CheckModeRequest(m, e); err != nil && name == "mode" {
			dropped, e = "effort "+e, ""
		} else if err != nil {
			dropped, m = "mode "+m, ""
		}
	}
	tier, err := CheckModeRequest(m, e)
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
func (r *runEnv) slash(name string, args []string) (exit bool) {
	w := r.o.F.IOStreams.Out
	var err error
	switch name {
	case "exit", "quit":
		return true
	case "help":
		writeSlashHelp(w)
	case "status":
		err = r.slashStatus(w)
	case "diff":
		err = r.slashDiff(w, args)
	case "undo":
		err = r.slashUndo(w, args)
	case "mode", "effort":
		if modeSlash(w, name, args, &r.mode, &r.effort, "before the next message") {
			r.rt.SetMode(r.mode, r.effort)
		}
	case "browser", "resume":
		noRunWorking(w, name)
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
		unknownSlash(w, name)
	}
	if err != nil {
		fmt.Fprintf(w, "/%s: %v\n", name, err)
	}
	return false
}

func (r *runEnv) slashStatus(w io.Writer) error {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	st, err := cmdutil.QueryStatus(ctx, r.socket)
	if err != nil {
		return err
	}
	statusview.Print(w, statusview.Entry{Status: st, State: "running (waiting for your prompt)"})
	fmt.Fprintf(w, "  mode      %s\n", modeName(r.mode))
	fmt.Fprintf(w, "  effort    %s\n", modeName(r.effort))
	return nil
}

// turnArg reads the optional turn number of /diff and /undo.
func turnArg(args []string) (int, error) {
	if len(args) == 0 {
		return 0, nil
	}
	n, err := strconv.Atoi(strings.TrimPrefix(args[0], "--turn="))
	if err != nil || n < 1 {
		return 0, fmt.Errorf("want a turn number, not %q", args[0])
	}
	return n, nil
}

func (r *runEnv) timeline() (*checkpoint.Timeline, error) {
	if r.store == nil {
		return nil, errors.New("this session has no snapshots")
	}
	events, _, err := r.sess.Events()
	if err != nil {
		return nil, err
	}
	return checkpoint.NewTimeline(events)
}

func (r *runEnv) slashDiff(w io.Writer, args []string) error {
	n, err := turnArg(args)
	if err != nil {
		return err
	}
	tl, err := r.timeline()
	if err != nil {
		return err
	}
	shown, err := tl.WriteDiff(context.Background(), w, r.store, n)
	if err == nil && shown == 0 {
		fmt.Fprintln(w, "no changes recorded")
	}
	return err
}

func (r *runEnv) slashUndo(w io.Writer, args []string) error {
	n, err := turnArg(args)
	if err != nil {
		return err
	}
	tl, err := r.timeline()
	if err != nil {
		return err
	}
	root, err := os.OpenRoot(r.o.Root)
	if err != nil {
		return err
	}
	defer root.Close()
	u := &checkpoint.Undo{Store: r.store, Root: root, Timeline: tl, Record: r.rt.Record}
	res, err := u.Run(context.Background(), n)
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

// noRunWorking answers /browser or /resume at the prompt between runs:
// they steer a run while it works.
func noRunWorking(w io.Writer, name string) {
	fmt.Fprintf(w, "/%s: no run is working; while one works, /browser (or Ctrl+O) pauses it at a safe point and gives you the Chrome window, /resume hands it back\n", name)
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
