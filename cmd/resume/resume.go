// Package resume implements `wtagent resume`.
package resume

import (
	"context"
	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/internal/app"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/settings"
	"github.com/wtagent/wtagent/session"
)

// Options are the inputs of `wtagent resume`.
type Options struct {
	// Env is what the session takes from the process: the streams, the
	// environment, the clock, the project directory, the global flags.
	Env app.Env
	// Home resolves the data root.
	Home func() (session.Home, error)
	// ReleaseSignals hands SIGINT and SIGTERM to the run's own handlers
	// (nil: nothing to release).
	ReleaseSignals func()
	Flags          settings.Flags
	ID             string
	Text           string
	// Last picks the session with the latest activity.
	Last bool
}

// NewCmdResume returns the resume command. runF, when not nil, runs instead of
// the command itself, with the parsed options (tests of flags and arguments).
func NewCmdResume(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	o := &Options{Home: f.Home, ReleaseSignals: f.ReleaseSignalHandling}
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
			o.Env = app.EnvOf(f)
			if runF != nil {
				return runF(o)
			}
			return resumeRun(cmd.Context(), o)
		},
	}
	cmd.Flags().BoolVar(&o.Last, "last", false, "resume the session with the latest activity")
	settings.AddFlags(cmd.Flags(), &o.Flags)
	return cmd
}

func resumeRun(ctx context.Context, o *Options) error {
	if o.ReleaseSignals != nil {
		o.ReleaseSignals() // the run handles its signals
	}
	home, err := o.Home()
	if err != nil {
		return err
	}
	input, err := app.NewInput(o.Env, home)
	if err != nil {
		return err
	}
	defer input.Close()
	switch {
	case o.Last:
		s, err := app.LatestWhere(ctx, home, func(session.Summary) bool { return true })
		if err != nil {
			return err
		}
		o.ID = s.ID
	case o.ID == "":
		if !o.Env.IO.IsStdinTTY() || !o.Env.IO.IsStdoutTTY() {
			return cmdutil.FlagErrorf("give a session id (see wtagent sessions) or --last; without them wtagent resume needs a terminal to pick one")
		}
		id, err := app.Pick(ctx, o.Env, home, input)
		if err != nil || id == "" {
			return err
		}
		o.ID = id
	}
	return app.Continue(ctx, o.Env, home, &o.Flags, o.ID, o.Text, input)
}
