// Package doctor implements `wtagent doctor`.
package doctor

import (
	"context"
	"time"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/browser/chrome"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/doctor"
	"github.com/wtagent/wtagent/internal/iostreams"
)

// Options are the inputs of `wtagent doctor`.
type Options struct {
	IO *iostreams.IOStreams
	// Getenv reads the environment and GOOS is the operating system the
	// checks are for.
	Getenv func(string) string
	GOOS   string
	// JSON is --json.
	JSON       bool
	Login      bool
	Page       bool
	ChatGPTURL string
	// ChromeURL is --chrome-url: check a Chrome the user started instead.
	ChromeURL           string
	ChromeURLInsecureOK bool
	Headless            bool
	Locators            string
	Bundle              string
	Timeout             time.Duration
}

// NewCmdDoctor returns the doctor command. runF, when not nil, runs instead of
// the command itself, with the parsed options (tests of flags and arguments).
func NewCmdDoctor(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	o := &Options{IO: f.IOStreams, Getenv: f.Getenv, GOOS: f.GOOS}
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
  chrome-url (with --chrome-url only, instead of chrome) the Chrome you started answers
             as DevTools at that address and is recent enough; login is then
             checked there, in a tab of wtagent's own that it closes after
  login      whether the profile is logged in to ChatGPT: with --login (it starts Chrome)
             ChatGPT is asked; without it a profile Chrome never opened is an error
             (log in with "wtagent login") and any other is reported as not checked
  page       (with --page only: it starts Chrome and opens ChatGPT, sending nothing) the page
             generation and UI language, every locator the adapter needs, the send control
             (one character typed into the composer, then deleted), the model picker (opened
             and closed) and the newest conversation's thread and answer, with a redacted
             DOM snapshot saved for a bug report

Each check prints ok, warning or error. The exit status is 1 when an error
blocks use.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			o.JSON = f.Global.JSON
			if runF != nil {
				return runF(o)
			}
			return doctorRun(cmd.Context(), o)
		},
	}
	cmd.Flags().BoolVar(&o.Login, "login", false, "also start Chrome and check the ChatGPT login of the profile")
	cmd.Flags().BoolVar(&o.Page, "page", false, "also start Chrome and check the live ChatGPT page against the adapter")
	cmd.Flags().StringVar(&o.ChatGPTURL, "chatgpt-url", "", "ChatGPT origin for --login and --page (developers: a mock page)")
	cmd.Flags().StringVar(&o.ChromeURL, "chrome-url", "", "check the Chrome you started with --remote-debugging-port at this http://host:port (or ws://) address instead: the endpoint, its version and the ChatGPT login")
	cmd.Flags().BoolVar(&o.ChromeURLInsecureOK, "chrome-url-insecure-ok", false, "allow a --chrome-url on another machine (DevTools gives whoever reaches it full control of that browser)")
	cmd.Flags().BoolVar(&o.Headless, "headless", false, "run Chrome headless for --login and --page (then no display is needed)")
	cmd.Flags().StringVar(&o.Bundle, "bundle", "", "with --page, write FILE: one archive for a bug report (the page redacted, a screenshot without text, the locator report, the versions, the page's errors)")
	cmd.Flags().StringVar(&o.Locators, "locators", "", "page locator override file for --page (default: page-locators.json in the config directory, if any)")
	cmdutil.HideDeveloperFlags(cmd.Flags())
	cmd.Flags().DurationVar(&o.Timeout, "timeout", 90*time.Second, "longest the --login or --page check may take")
	return cmd
}

func doctorRun(ctx context.Context, o *Options) error {
	if o.Bundle != "" && !o.Page {
		return cmdutil.FlagErrorf("--bundle needs --page: the bundle is the live page's")
	}
	if o.ChromeURL != "" {
		if err := chrome.CheckRemoteURL(o.ChromeURL, o.ChromeURLInsecureOK); err != nil {
			return cmdutil.FlagErrorf("--chrome-url: %v", err)
		}
	}
	// Background, as before this package was cut: the checks do not watch
	// the command's context.
	results := doctor.Run(ctx, doctor.Options{Getenv: o.Getenv, GOOS: o.GOOS, Login: o.Login, Page: o.Page,
		ChatGPTURL: o.ChatGPTURL, ChromeURL: o.ChromeURL, Headless: o.Headless, Locators: o.Locators, Bundle: o.Bundle, Timeout: o.Timeout})
	if o.JSON {
		if err := cmdutil.WriteJSONLines(o.IO.Out, results); err != nil {
			return err
		}
	} else {
		doctor.Print(o.IO.Out, results, o.IO.ColorEnabled())
	}
	if doctor.Failed(results) {
		return &cmdutil.ExitError{Code: cmdutil.ExitFailed}
	}
	return nil
}
