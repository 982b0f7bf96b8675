// Package mockchat implements `wtagent mockchat`, the developer command that
// serves the local mock ChatGPT page.
package mockchat

import (
	"context"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/browser"
	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/iostreams"
	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/session"
)

// Options are the inputs of `wtagent mockchat`.
type Options struct {
	IO *iostreams.IOStreams
	// Home resolves the data root.
	Home      func() (session.Home, error)
	Script    string
	Replay    string
	Addr      string
	LoggedOut bool
	StreamGap time.Duration
	DOM       string
	Lang      string
	// ReadRetryAfter rate-limits the history and conversation reads
	// (mockchat.Options.ReadRetryAfter), in seconds.
	ReadRetryAfter int
}

// NewCmdMockchat returns the mockchat command. runF, when not nil, runs instead of
// the command itself, with the parsed options (tests of flags and arguments).
func NewCmdMockchat(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	o := &Options{IO: f.IOStreams, Home: f.Home}
	cmd := &cobra.Command{
		Use:   "mockchat --script FILE | --replay SESSION_ID",
		Short: "Serve the local mock ChatGPT page (developer command)",
		Long: `Serves a faithful local mock of the ChatGPT page — a real ProseMirror
composer, replies streamed as server-sent events in the page's delta format,
the model menu, login, challenge and usage-limit states — that answers from a
scripted-model JSON Lines file (the same format as --provider script), each
new conversation from the script's first line, so every run against it
starts the script afresh. A line with "agent": "TEXT" serves only a
sub-agent's conversation (agent.run, a tab of its own): a new chat, once
the main one exists, whose first message contains TEXT; each such
conversation has its own lines and their delays, so several tabs are
answered at once, whatever order their messages arrive in. It
prints its URL and serves until interrupted. Point a run at it with
--chatgpt-url URL (add --headless where there is no display).

--replay SESSION_ID serves the raw ChatGPT traffic a session recorded
(--record-transport, or automatically for a turn the adapter failed) from
its diagnostics/transport.jsonl, turn by turn, across its conversations.`,
		Example: `  wtagent mockchat --script demo.jsonl --addr 127.0.0.1:8765
  wtagent --chatgpt-url http://127.0.0.1:8765 -C /tmp/p "build the demo site"
  wtagent mockchat --replay 20261202-163013-e929a321`,
		Args:   cobra.NoArgs,
		Hidden: true, // a developer command: not in --help
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := mockchat.CheckGeneration(o.DOM); err != nil {
				return cmdutil.FlagErrorf("--dom: %v", err)
			}
			if err := mockchat.CheckLang(o.Lang); err != nil {
				return cmdutil.FlagErrorf("--lang: %v", err)
			}
			if o.ReadRetryAfter < 0 {
				return cmdutil.FlagErrorf("--read-retry-after: %d is negative", o.ReadRetryAfter)
			}
			if runF != nil {
				return runF(o)
			}
			return mockchatRun(cmd.Context(), o)
		},
	}
	cmd.Flags().StringVar(&o.Script, "script", "", "scripted-model file (JSON Lines)")
	cmd.Flags().StringVar(&o.Replay, "replay", "", "serve the ChatGPT traffic session `ID` recorded")
	cmd.Flags().StringVar(&o.Addr, "addr", "127.0.0.1:0", "address to listen on")
	cmd.Flags().BoolVar(&o.LoggedOut, "logged-out", false, "start with the login wall (log in from the page)")
	cmd.Flags().DurationVar(&o.StreamGap, "stream-gap", 15*time.Millisecond, "gap between streamed tokens")
	cmd.Flags().StringVar(&o.DOM, "dom", "", "page generation to render: 2025, 2026-06 or 2026-09 (default: the newest)")
	cmd.Flags().IntVar(&o.ReadRetryAfter, "read-retry-after", 0, "rate-limit history and conversation reads for `SECONDS` after the first message (429 with Retry-After)")
	cmd.Flags().StringVar(&o.Lang, "lang", "", "UI language of the 2026-09 page: "+strings.Join(mockchat.Langs(), ", ")+" (default: en)")
	return cmd
}

func mockchatRun(ctx context.Context, o *Options) error {
	switch {
	case o.Script != "" && o.Replay != "":
		return cmdutil.FlagErrorf("--script and --replay exclude each other")
	case o.Replay != "":
		home, err := o.Home()
		if err != nil {
			return err
		}
		dir, err := home.SessionDir(o.Replay)
		if err != nil {
			return cmdutil.FlagErrorf("--replay: %v", err)
		}
		o.Script = filepath.Join(dir, session.DiagnosticsName, browser.TransportFile)
	case o.Script == "":
		return cmdutil.FlagErrorf("--script FILE or --replay SESSION_ID is required")
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
	// ctx is done on SIGINT or SIGTERM (main's signal.NotifyContext).
	return mockchat.Serve(ctx, mockchat.Options{Script: lines, ScriptPerChat: o.Replay == "",
		LoggedIn: !o.LoggedOut, StreamGap: o.StreamGap, DOM: o.DOM, Lang: o.Lang, ReadRetryAfter: o.ReadRetryAfter},
		o.Addr, o.IO.Out)
}
