// Package resume implements `wtagent resume`.
package resume

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/checkpoint"
	"github.com/wtagent/wtagent/internal/app"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/session"
)

// Options are the inputs of `wtagent resume`.
type Options struct {
	F     *cmdutil.Factory
	Flags app.Flags
	ID    string
	Text  string
	// Last picks the session with the latest activity.
	Last bool
}

// NewCmdResume returns the resume command. runF, when not nil, runs instead of
// the command itself, with the parsed options (tests of flags and arguments).
func NewCmdResume(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	o := &Options{F: f}
	cmd := &cobra.Command{
		Use:   "resume [ID | --last] [TEXT]",
		Short: "Continue a session after a finished run, a crash or kill -9",
		Long: `Continues session ID. wtagent replays the session's event log and picks up
where it stopped: it waits for a reply that was in flight, resends a tool
result the model never got, asks policy and approval again for a call that
never ran, re-runs a read-only call whose outcome was lost, and never re-runs a
side effect whose outcome was lost (the model is told it is unknown). The
conversation is reopened at its saved URL (or script position).

TEXT, if given, is a new instruction for the model. The session keeps its
project root, provider, script, approvals mode and ChatGPT mode; flags given
here override them. --last resumes the session with the latest activity;
without an ID on a terminal, wtagent lets you pick one. "wtagent -c"
continues the last session of the current directory.`,
		Example: `  wtagent resume 20261202-143000-1a2b3c4d
  wtagent resume 20261202-143000-1a2b3c4d "now add a dark mode"
  wtagent resume --last "also add a contact page"
  wtagent resume`,
		Args: cobra.MaximumNArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.Last && len(args) > 1 {
				return cmdutil.FlagErrorf("with --last, give at most the new instruction")
			}
			switch {
			case o.Last && len(args) == 1:
				o.Text = args[0]
			case len(args) >= 1:
				o.ID = args[0]
				if len(args) > 1 {
					o.Text = args[1]
				}
			}
			if runF != nil {
				return runF(o)
			}
			return resumeRun(o)
		},
	}
	cmd.Flags().BoolVar(&o.Last, "last", false, "resume the session with the latest activity")
	app.AddFlags(cmd.Flags(), &o.Flags)
	return cmd
}

func resumeRun(o *Options) error {
	f := o.F
	home, err := f.Home()
	if err != nil {
		return err
	}
	input, err := app.NewInput(f, home)
	if err != nil {
		return err
	}
	defer input.Close()
	switch {
	case o.Last:
		s, err := latest(home, func(session.Summary) bool { return true })
		if err != nil {
			return err
		}
		o.ID = s.ID
	case o.ID == "":
		if !f.IOStreams.IsStdinTTY() || !f.IOStreams.IsStdoutTTY() {
			return cmdutil.FlagErrorf("give a session id (see wtagent sessions) or --last; without them wtagent resume needs a terminal to pick one")
		}
		id, err := pick(f, home, input)
		if err != nil || id == "" {
			return err
		}
		o.ID = id
	}
	return Continue(f, &o.Flags, o.ID, o.Text, input)
}

// Continue resumes session id with text as its new instruction (may be
// empty): the session's recorded provider, script, approvals mode, ChatGPT
// mode and origin apply unless flags override them.
func Continue(f *cmdutil.Factory, flags *app.Flags, id, text string, input app.ClosingInput) error {
	if err := session.ValidateID(id); err != nil {
		return cmdutil.FlagErrorf("%v", err)
	}
	home, err := f.Home()
	if err != nil {
		return err
	}
	sess, err := session.Open(home, id)
	if err != nil {
		return err
	}
	st, err := sess.LoadState()
	if err != nil {
		sess.Close()
		return err
	}
	if cmdutil.SocketLive(st.Socket) {
		sess.Close()
		return fmt.Errorf("session %s is running in another wtagent process (pid %d); see `wtagent status %s`", id, st.PID, id)
	}
	if err := unfinishedUndo(sess); err != nil {
		sess.Close()
		return err
	}
	if f.Global.Dir != "" {
		root, err := f.ProjectRoot()
		if err != nil {
			sess.Close()
			return err
		}
		if root != st.Root {
			sess.Close()
			return cmdutil.FlagErrorf("session %s belongs to %s, not %s", id, st.Root, root)
		}
	}
	inherit(flags, st, f.IOStreams.IsStdinTTY())
	fc, _, err := cmdutil.LoadConfig(home, f.Getenv)
	if err != nil {
		sess.Close()
		return err
	}
	settings, err := app.Resolve(fc, flags, f.IOStreams.IsStdinTTY())
	if err != nil {
		sess.Close()
		if flags.Provider == "script" && flags.Script == "" {
			return cmdutil.FlagErrorf("session %s used the scripted model: pass --script FILE to resume it", id)
		}
		return err
	}
	return app.Execute(app.Options{F: f, Settings: settings, Home: home, Root: st.Root, Session: sess,
		Task: strings.TrimSpace(text), Input: input})
}

// inherit fills the flags not given with the session's recorded settings.
// A recorded prompt mode without a terminal to prompt on falls back to the
// default (deny). Of the ChatGPT (mode, effort) request, a part given on
// the command line drops the recorded other part where they name
// different effort tiers.
func inherit(flags *app.Flags, st session.State, stdinTTY bool) {
	flags.Inherit("provider", st.Provider)
	flags.Inherit("script", st.Script)
	mode, effort := st.Mode, st.Effort
	if _, err := app.CheckModeRequest(flags.Mode, effort); flags.Changed("mode") && err != nil {
		effort = ""
	}
	if _, err := app.CheckModeRequest(mode, flags.Effort); flags.Changed("effort") && err != nil {
		mode = ""
	}
	flags.Inherit("mode", mode)
	flags.Inherit("effort", effort)
	flags.Inherit("chatgpt-url", st.ChatGPTURL)
	if st.Approvals != "prompt" || stdinTTY {
		flags.Inherit("approvals", st.Approvals)
	}
}

// unfinishedUndo refuses to resume a session whose undo was cut short: the
// files are half restored until `wtagent undo` finishes it.
func unfinishedUndo(sess *session.Session) error {
	events, _, err := sess.Events()
	if err != nil {
		return err
	}
	tl, err := checkpoint.NewTimeline(events)
	if err != nil {
		return err
	}
	if p := tl.Pending; p != nil {
		return fmt.Errorf("an undo of turn %d in session %s was cut short; finish it first with `wtagent undo %s`", p.Turn, sess.ID(), sess.ID())
	}
	return nil
}
