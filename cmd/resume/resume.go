// Package resume implements `wtagent resume`.
package resume

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/cmd/cmdutil"
	"github.com/wtagent/wtagent/cmd/runner"
	"github.com/wtagent/wtagent/session"
)

// Options are the inputs of `wtagent resume`.
type Options struct {
	F     *cmdutil.Factory
	Flags runner.Flags
	ID    string
	Text  string
}

// NewCmdResume returns the resume command.
func NewCmdResume(f *cmdutil.Factory) *cobra.Command {
	o := &Options{F: f}
	cmd := &cobra.Command{
		Use:   "resume ID [TEXT]",
		Short: "Continue a session after a finished run, a crash or kill -9",
		Long: `Continues session ID. wtagent replays the session's event log and picks up
where it stopped: it waits for a reply that was in flight, resends a tool
result the model never got, asks policy and approval again for a call that
never ran, re-runs a read-only call whose outcome was lost, and never re-runs a
side effect whose outcome was lost (the model is told it is unknown). The
conversation is reopened at its saved URL (or script position).

TEXT, if given, is a new instruction for the model. Resume takes the same flags
as a run; the project root and provider are the session's own.`,
		Example: `  wtagent resume 20261202-143000-1a2b3c4d
  wtagent resume 20261202-143000-1a2b3c4d "now add a dark mode"`,
		Args: cobra.RangeArgs(1, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.ID = args[0]
			if len(args) > 1 {
				o.Text = args[1]
			}
			return resumeRun(o)
		},
	}
	runner.AddFlags(cmd.Flags(), &o.Flags)
	return cmd
}

func resumeRun(o *Options) error {
	f := o.F
	if err := session.ValidateID(o.ID); err != nil {
		return cmdutil.FlagErrorf("%v", err)
	}
	home, err := f.Home()
	if err != nil {
		return err
	}
	sess, err := session.Open(home, o.ID)
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
		return fmt.Errorf("session %s is running in another wtagent process (pid %d); see `wtagent status %s`", o.ID, st.PID, o.ID)
	}
	if f.Global.Dir != "" {
		root, err := f.ProjectRoot()
		if err != nil {
			sess.Close()
			return err
		}
		if root != st.Root {
			sess.Close()
			return cmdutil.FlagErrorf("session %s belongs to %s, not %s", o.ID, st.Root, root)
		}
	}
	if !o.Flags.Changed("provider") && st.Provider != "" {
		o.Flags.Provider = st.Provider
	}
	if !o.Flags.Changed("mode") && st.Mode != "" {
		o.Flags.Mode = st.Mode
	}
	fc, _, err := cmdutil.LoadConfig(home, f.Getenv)
	if err != nil {
		sess.Close()
		return err
	}
	settings, err := runner.Resolve(fc, &o.Flags, f.IOStreams.IsStdinTTY())
	if err != nil {
		sess.Close()
		if o.Flags.Provider == "script" && o.Flags.Script == "" {
			return cmdutil.FlagErrorf("session %s used the scripted model: pass --script FILE to resume it", o.ID)
		}
		return err
	}
	input, err := runner.NewInput(f, home)
	if err != nil {
		sess.Close()
		return err
	}
	defer input.Close()
	return runner.Execute(runner.Options{F: f, Settings: settings, Home: home, Root: st.Root, Session: sess,
		Task: strings.TrimSpace(o.Text), Input: input})
}
