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
	F     *cmdutil.Factory
	Flags settings.Flags
	Args  []string
	// Continue resumes the last session of the project directory instead
	// of starting one; the task, if any, is its new instruction.
	Continue bool
}

// Bind makes cmd (the root command) run a task, with the run flags.
// runF, when not nil, runs instead of the run itself, with the parsed
// options (tests of flags and arguments).
func Bind(cmd *cobra.Command, f *cmdutil.Factory, runF func(*Options) error) {
	opts := &Options{F: f}
	settings.AddFlags(cmd.Flags(), &opts.Flags)
	cmd.Flags().BoolVarP(&opts.Continue, "continue", "c", false, "continue the last session of the project directory")
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		opts.Args = args
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
	o.F.ReleaseSignalHandling() // the run handles its signals
	f := o.F
	ios := f.IOStreams
	root, err := f.ProjectRoot()
	if err != nil {
		return err
	}
	home, err := f.Home()
	if err != nil {
		return err
	}
	if o.Continue {
		return continueRun(ctx, o, home, root)
	}
	fc, _, err := config.Load(home, f.Getenv)
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
	interactive := task == "" && ios.IsStdinTTY() && !f.Global.JSON
	if task == "" && !ios.IsStdinTTY() {
		b, err := io.ReadAll(io.LimitReader(ios.In, 4<<20))
		if err != nil {
			return fmt.Errorf("read the task from stdin: %w", err)
		}
		task = strings.TrimSpace(string(b))
	}
	input, err := app.NewInput(f, home)
	if err != nil {
		return err
	}
	defer input.Close()
	return app.Execute(ctx, app.Options{F: f, Settings: st, Home: home, Root: root, Task: task,
		Interactive: interactive, Input: input})
}

// continueRun is `wtagent -c [TASK]`: resume the latest session whose
// root is the project directory.
func continueRun(ctx context.Context, o *Options, home session.Home, root string) error {
	id, err := app.Latest(ctx, home, root)
	if err != nil {
		return err
	}
	input, err := app.NewInput(o.F, home)
	if err != nil {
		return err
	}
	defer input.Close()
	return app.Continue(ctx, o.F, &o.Flags, id, strings.Join(o.Args, " "), input)
}
