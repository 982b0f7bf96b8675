// Package run implements running a task: `wtagent [-C DIR] [TASK]`.
package run

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/internal/app"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/config"
	"github.com/wtagent/wtagent/internal/settings"
	"github.com/wtagent/wtagent/session"
)

// Options are the inputs of a run.
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
	Args           []string
	// Continue resumes the last session of the project directory instead
	// of starting one; the task, if any, is its new instruction.
	Continue bool
}

// Bind makes cmd (the root command) run a task, with the run flags.
// runF, when not nil, runs instead of the run itself, with the parsed
// options (tests of flags and arguments).
func Bind(cmd *cobra.Command, f *cmdutil.Factory, runF func(*Options) error) {
	opts := &Options{Home: f.Home, ReleaseSignals: f.ReleaseSignalHandling}
	settings.AddFlags(cmd.Flags(), &opts.Flags)
	cmd.Flags().BoolVarP(&opts.Continue, "continue", "c", false, "continue the last session of the project directory")
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		opts.Args, opts.Env = args, app.EnvOf(f)
		if err := nearMiss(cmd, f, args); err != nil {
			return err
		}
		if runF != nil {
			return runF(opts)
		}
		return runRun(cmd.Context(), opts)
	}
}

func runRun(ctx context.Context, o *Options) error {
	if o.ReleaseSignals != nil {
		o.ReleaseSignals() // the run handles its signals
	}
	ios := o.Env.IO
	root, err := o.Env.ProjectRoot()
	if err != nil {
		return err
	}
	home, err := o.Home()
	if err != nil {
		return err
	}
	if o.Continue {
		return continueRun(ctx, o, home, root)
	}
	fc, _, err := config.Load(home, o.Env.Getenv)
	if err != nil {
		return err
	}
	st, err := settings.Resolve(fc, &o.Flags, ios.IsStdinTTY())
	if err != nil {
		return err
	}
	if err := st.LoadLocators(home, &o.Flags); err != nil {
		return err
	}
	task := strings.TrimSpace(strings.Join(o.Args, " "))
	interactive := task == "" && ios.IsStdinTTY() && !o.Env.JSON
	if task == "" && !ios.IsStdinTTY() {
		b, err := io.ReadAll(io.LimitReader(ios.In, 4<<20))
		if err != nil {
			return fmt.Errorf("read the task from stdin: %w", err)
		}
		task = strings.TrimSpace(string(b))
	}
	input, err := app.NewInput(o.Env, home)
	if err != nil {
		return err
	}
	defer input.Close()
	return app.Execute(ctx, app.Options{Env: o.Env, Settings: st, Home: home, Root: root, Task: task,
		Interactive: interactive, Input: input})
}

// continueRun is `wtagent -c [TASK]`: resume the latest session whose
// root is the project directory.
func continueRun(ctx context.Context, o *Options, home session.Home, root string) error {
	id, err := app.Latest(ctx, home, root)
	if err != nil {
		return err
	}
	input, err := app.NewInput(o.Env, home)
	if err != nil {
		return err
	}
	defer input.Close()
	return app.Continue(ctx, o.Env, home, &o.Flags, id, strings.Join(o.Args, " "), input)
}
