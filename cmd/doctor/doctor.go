// Package doctor implements `wtagent doctor`.
package doctor

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/internal/cmdutil"
)

// Options are the inputs of `wtagent doctor`.
type Options struct {
	F          *cmdutil.Factory
	Login      bool
	Page       bool
	ChatGPTURL string
	Headless   bool
	Timeout    time.Duration
}

// NewCmdDoctor returns the doctor command. runF, when not nil, runs instead of
// the command itself, with the parsed options (tests of flags and arguments).
func NewCmdDoctor(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	o := &Options{F: f}
	cmd := &cobra.Command{
		Use:   "doctor",
		Short: "Check Chrome, the profile, the data directory, ripgrep and PTY support",
		Long: `Checks what wtagent needs and explains each problem with its fix:

  chrome     Chrome, Chromium or Edge found (WTAGENT_CHROME overrides), and its version
  config     the config file, if any, is valid
  display    a display for the Chrome window (Linux: DISPLAY or WAYLAND_DISPLAY);
             with --headless, which needs none, only reported
  home       the $WTAGENT_HOME layout: directories present, private (0700), writable
  profile    the dedicated Chrome profile directory is writable
  leftover   no Chrome from an earlier run still holds the profile
  ripgrep    rg on PATH for fs.search (a Go fallback with the same results is used otherwise)
  pty        pseudo-terminals can be opened for terminal.exec
  login      (with --login only: it starts Chrome) whether the profile is logged in to ChatGPT
  page       (with --page only: it starts Chrome and opens ChatGPT, sending nothing) the page
             generation and UI language, every locator the adapter needs, the send control
             (one character typed into the composer, then deleted), the model picker (opened
             and closed) and the newest conversation's thread and answer, with a redacted
             DOM snapshot saved for a bug report

Each check prints ok, warning or error. The exit status is 1 when an error
blocks use.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(o)
			}
			return doctorRun(o)
		},
	}
	cmd.Flags().BoolVar(&o.Login, "login", false, "also start Chrome and check the ChatGPT login of the profile")
	cmd.Flags().BoolVar(&o.Page, "page", false, "also start Chrome and check the live ChatGPT page against the adapter")
	cmd.Flags().StringVar(&o.ChatGPTURL, "chatgpt-url", "", "ChatGPT origin for --login and --page (developers: a mock page)")
	cmd.Flags().BoolVar(&o.Headless, "headless", false, "run Chrome headless for --login and --page (then no display is needed)")
	cmdutil.HideDeveloperFlags(cmd.Flags())
	cmd.Flags().DurationVar(&o.Timeout, "timeout", 90*time.Second, "longest the --login or --page check may take")
	return cmd
}

// Result is one check's outcome.
type Result struct {
	Name   string `json:"name"`
	Level  string `json:"level"` // ok, warning, error
	Detail string `json:"detail"`
	Fix    string `json:"fix,omitempty"`
}

const (
	levelOK      = "ok"
	levelWarning = "warning"
	levelError   = "error"
)

func doctorRun(o *Options) error {
	results := runChecks(o)
	if o.Login {
		ctx, cancel := context.WithTimeout(context.Background(), o.Timeout)
		results = append(results, checkLogin(ctx, o))
		cancel()
	}
	if o.Page {
		ctx, cancel := context.WithTimeout(context.Background(), o.Timeout)
		results = append(results, checkPage(ctx, o)...)
		cancel()
	}
	out := o.F.IOStreams.Out
	failed := false
	for _, r := range results {
		failed = failed || r.Level == levelError
	}
	if o.F.Global.JSON {
		if err := cmdutil.WriteJSONLines(out, results); err != nil {
			return err
		}
	} else {
		printResults(out, results, o.F.IOStreams.ColorEnabled())
	}
	if failed {
		return &cmdutil.ExitError{Code: cmdutil.ExitFailed}
	}
	return nil
}

func printResults(w io.Writer, results []Result, color bool) {
	mark := map[string]string{levelOK: "ok     ", levelWarning: "warning", levelError: "error  "}
	paint := map[string]string{levelOK: "\x1b[32m", levelWarning: "\x1b[33m", levelError: "\x1b[31m"}
	errors := 0
	for _, r := range results {
		m := mark[r.Level]
		if color {
			m = paint[r.Level] + m + "\x1b[0m"
		}
		fmt.Fprintf(w, "%s  %-9s %s\n", m, r.Name, r.Detail)
		if r.Fix != "" && r.Level != levelOK {
			fmt.Fprintf(w, "           %-9s fix: %s\n", "", r.Fix)
		}
		if r.Level == levelError {
			errors++
		}
	}
	if errors == 0 {
		fmt.Fprintln(w, "\nwtagent is ready.")
	} else {
		fmt.Fprintf(w, "\nwtagent is not ready: %d problem(s) block use; see the fixes above.\n", errors)
	}
}
