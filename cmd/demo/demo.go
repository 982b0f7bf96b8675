// Package demo implements `wtagent demo`, the built-in acceptance scenario.
package demo

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/internal/app"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/config"
	"github.com/wtagent/wtagent/internal/demo"
	"github.com/wtagent/wtagent/internal/settings"
	"github.com/wtagent/wtagent/session"
)

// Options are the inputs of `wtagent demo`.
type Options struct {
	// Env is what the session takes from the process: the streams, the
	// environment, the clock, the global flags.
	Env app.Env
	// Home resolves the data root.
	Home func() (session.Home, error)
	// ReleaseSignals hands SIGINT and SIGTERM to the run's own handlers
	// (nil: nothing to release).
	ReleaseSignals func()
	Flags          settings.Flags
	Browser        string
	Dir            string
}

// NewCmdDemo returns the demo command. runF, when not nil, runs instead of
// the command itself, with the parsed options (tests of flags and arguments).
func NewCmdDemo(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	o := &Options{Home: f.Home, ReleaseSignals: f.ReleaseSignalHandling}
	cmd := &cobra.Command{
		Use:   "demo",
		Short: "Run the built-in acceptance scenario in a temporary project",
		Long: `Runs the embedded demo in an empty temporary directory: a scripted
conversation creates a small multi-file website (a Go build step with a layout
and a broken-link check, a Go dev server, pages and a stylesheet), builds it,
meets an injected build error, fixes it, rebuilds, starts the dev server,
detects its URL and finishes with the URL, the changed files and the
verification commands.

With --browser auto (the default) the conversation goes through real headless
Chromium against the local mock ChatGPT page when Chromium is installed, and
through the scripted provider otherwise. It prints the same view a user sees.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			o.Env = app.EnvOf(f)
			if runF != nil {
				return runF(o)
			}
			return demoRun(cmd.Context(), o)
		},
	}
	cmd.Flags().StringVar(&o.Browser, "browser", "auto", "auto, always (fail without Chromium) or never (scripted provider)")
	cmd.Flags().StringVar(&o.Dir, "dir", "", "project directory to use (default: a new temporary directory)")
	settings.AddFlags(cmd.Flags(), &o.Flags)
	// --keep-processes is the run's flag; --keep, the demo's old name of
	// it, still works but is not listed.
	fs := cmd.Flags()
	fs.Lookup("keep-processes").Usage = "keep the dev server running at the end (until Ctrl+C)"
	fs.BoolVar(&o.Flags.KeepProcesses, "keep", false, "")
	_ = fs.MarkHidden("keep") // cannot fail: the flag exists
	return cmd
}

func demoRun(ctx context.Context, o *Options) error {
	if o.ReleaseSignals != nil {
		o.ReleaseSignals() // the run handles its signals
	}
	lines, err := demo.Lines()
	if err != nil {
		return err
	}
	home, err := o.Home()
	if err != nil {
		return err
	}
	dir := o.Dir
	if dir == "" {
		if dir, err = os.MkdirTemp("", "wtagent-demo-"); err != nil {
			return err
		}
	}
	root, err := cmdutil.ProjectRoot(dir, nil)
	if err != nil {
		return err
	}
	// The session's project is the demo's directory, as if given with -C.
	env := o.Env
	env.Dir, env.ProjectRoot = root, func() (string, error) { return root, nil }
	st, err := settings.Resolve(config.File{}, &o.Flags, false)
	if err != nil {
		return err
	}
	keep := st.KeepProcesses
	useBrowser, why, err := demo.ChooseBrowser(o.Browser, env.Getenv, env.GOOS)
	if errors.Is(err, demo.ErrBrowserMode) {
		return cmdutil.FlagErrorf("%v", err)
	} else if err != nil {
		return err
	}
	fmt.Fprintf(env.IO.ErrOut, "wtagent demo: project %s; %s\n", root, why)
	closeDemo, err := demo.Provide(&st, lines, useBrowser)
	if err != nil {
		return err
	}
	defer closeDemo()
	err = app.Execute(ctx, app.Options{Env: env, Settings: st, Home: home, Root: root, Task: demo.Task,
		StopProcesses: !keep, Input: nil})
	sayLeftBehind(env.IO.Out, home, root)
	return err
}

// sayLeftBehind ends the demo by naming what it leaves: the project and
// its session, and how to remove them.
func sayLeftBehind(w io.Writer, home session.Home, root string) {
	id := ""
	if list, err := session.List(home); err == nil {
		var newest time.Time
		for _, s := range list {
			if s.Root == root && !s.Created.Before(newest) {
				id, newest = s.ID, s.Created
			}
		}
	}
	fmt.Fprintf(w, "\nwtagent demo left the project %s", root)
	if id != "" {
		fmt.Fprintf(w, " and its session %s (wtagent diff %s shows the changes)", id, id)
	}
	fmt.Fprintf(w, ".\nRemove them with: rm -r %s", root)
	if id != "" {
		fmt.Fprintf(w, "; wtagent sessions rm %s", id)
	}
	fmt.Fprintln(w)
}
