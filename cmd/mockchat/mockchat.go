// Package mockchat implements `wtagent mockchat`, the developer command that
// serves the local mock ChatGPT page.
package mockchat

import (
	"context"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/cmd/cmdutil"
	"github.com/wtagent/wtagent/model"
)

// Options are the inputs of `wtagent mockchat`.
type Options struct {
	F         *cmdutil.Factory
	Script    string
	Addr      string
	LoggedOut bool
	StreamGap time.Duration
}

// NewCmdMockchat returns the mockchat command. runF, when not nil, runs instead of
// the command itself, with the parsed options (tests of flags and arguments).
func NewCmdMockchat(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	o := &Options{F: f}
	cmd := &cobra.Command{
		Use:   "mockchat --script FILE",
		Short: "Serve the local mock ChatGPT page (developer command)",
		Long: `Serves a faithful local mock of the ChatGPT page — a real ProseMirror
composer, replies streamed as server-sent events in the page's delta format,
the model menu, login, challenge and usage-limit states — that answers from a
scripted-model JSON Lines file (the same format as --provider script). It
prints its URL and serves until interrupted. Point a run at it with
--chatgpt-url URL (add --headless where there is no display).`,
		Example: `  wtagent mockchat --script demo.jsonl --addr 127.0.0.1:8765
  wtagent --chatgpt-url http://127.0.0.1:8765 -C /tmp/p "build the demo site"`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(o)
			}
			return mockchatRun(cmd.Context(), o)
		},
	}
	cmd.Flags().StringVar(&o.Script, "script", "", "scripted-model file (JSON Lines), required")
	cmd.Flags().StringVar(&o.Addr, "addr", "127.0.0.1:0", "address to listen on")
	cmd.Flags().BoolVar(&o.LoggedOut, "logged-out", false, "start with the login wall (log in from the page)")
	cmd.Flags().DurationVar(&o.StreamGap, "stream-gap", 15*time.Millisecond, "gap between streamed tokens")
	return cmd
}

func mockchatRun(ctx context.Context, o *Options) error {
	if o.Script == "" {
		return cmdutil.FlagErrorf("--script FILE is required")
	}
	lines, err := model.LoadScript(o.Script)
	if err != nil {
		return err
	}
	if err := mockchat.CheckScript(lines); err != nil {
		return err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	return mockchat.Serve(ctx, mockchat.Options{Script: lines, LoggedIn: !o.LoggedOut, StreamGap: o.StreamGap},
		o.Addr, o.F.IOStreams.Out)
}
