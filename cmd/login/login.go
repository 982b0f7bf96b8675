// Package login implements `wtagent login`.
package login

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/browser"
	"github.com/wtagent/wtagent/browser/chrome"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/iostreams"
	"github.com/wtagent/wtagent/internal/settings"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/session"
)

// Options are the inputs of `wtagent login`.
type Options struct {
	IO *iostreams.IOStreams
	// Home resolves the data root.
	Home       func() (session.Home, error)
	Timeout    time.Duration
	ChatGPTURL string
	Chrome     string
	Headless   bool
	// ChromeURL is --chrome-url: log in in a tab of a Chrome the user
	// started with remote debugging instead of wtagent's own profile.
	ChromeURL           string
	ChromeURLInsecureOK bool
}

// NewCmdLogin returns the login command. runF, when not nil, runs instead of
// the command itself, with the parsed options (tests of flags and arguments).
func NewCmdLogin(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	o := &Options{IO: f.IOStreams, Home: f.Home}
	cmd := &cobra.Command{
		Use:   "login",
		Short: "Open the dedicated Chrome profile so you can log in to ChatGPT",
		Long: `Opens wtagent's own Chrome window — its persistent profile under
$WTAGENT_HOME/chrome-profile, never your daily profile — on ChatGPT, waits
while you log in by hand (and solve any verification), checks the login with
ChatGPT's own session endpoint, and closes the window. You do this once; later
runs reuse the profile.

With --chrome-url, it opens ChatGPT in a tab of its own in the Chrome you
started with remote debugging (the one runs attach to with --chrome-url),
waits there for the login the same way, and closes only that tab.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(o)
			}
			return loginRun(cmd.Context(), o)
		},
	}
	cmd.Flags().DurationVar(&o.Timeout, "timeout", 15*time.Minute, "how long to wait for the login")
	cmd.Flags().StringVar(&o.ChatGPTURL, "chatgpt-url", "", "ChatGPT origin (developers: a mock page)")
	cmd.Flags().StringVar(&o.Chrome, "chrome", "", "Chrome or Chromium binary")
	cmd.Flags().BoolVar(&o.Headless, "headless", false, "headless Chrome (tests only: you cannot log in by hand)")
	settings.AddChromeURLFlags(cmd.Flags(), &o.ChromeURL, &o.ChromeURLInsecureOK)
	cmdutil.HideDeveloperFlags(cmd.Flags())
	return cmd
}

func loginRun(ctx context.Context, o *Options) error {
	if err := settings.CheckChromeURL(o.ChromeURL, o.ChromeURLInsecureOK); err != nil {
		return err
	}
	h, err := o.Home()
	if err != nil {
		return err
	}
	out := o.IO.Out
	if ctx == nil {
		ctx = context.Background()
	}
	ctx, cancel := context.WithTimeout(ctx, o.Timeout) // done on SIGINT or SIGTERM too (main)
	defer cancel()
	bo := browser.Options{ChromePath: o.Chrome, ProfileDir: h.ProfileDir(), BaseURL: o.ChatGPTURL,
		Headless: o.Headless, NoMinimize: true, LoginTimeout: o.Timeout,
		Progress: func(note string) { fmt.Fprintln(out, "  "+note) }}
	if o.ChromeURL != "" {
		// Nothing starts on a Chrome that does not answer as DevTools.
		if _, err := chrome.ResolveRemote(ctx, o.ChromeURL); err != nil {
			return &cmdutil.ExitError{Code: cmdutil.ExitFailed, Err: err}
		}
		bo.ChromeURL, bo.WaitForLogin, bo.Tabs = o.ChromeURL, true, settings.ChromeTabs(h)
		fmt.Fprintf(out, "Opening ChatGPT in a tab of your Chrome at %s…\n", o.ChromeURL)
	} else {
		if pid, inUse := chrome.ProfileInUse(h.ProfileDir()); inUse {
			return fmt.Errorf("a Chrome (pid %d) already uses wtagent's profile %s: close it (or finish that wtagent run) first", pid, h.ProfileDir())
		}
		fmt.Fprintf(out, "Opening ChatGPT in wtagent's Chrome profile (%s)…\n", h.ProfileDir())
	}
	t := browser.New(bo)
	defer t.Close()
	err = t.Start(ctx, func(s messages.ModelStateChanged) {
		switch s.State {
		case event.ModelAuthRequired, event.ModelTakeoverRequired:
			fmt.Fprintln(out, "→ "+s.Detail)
		}
	})
	if errors.Is(err, chrome.ErrNoDisplay) {
		// ErrNoDisplay's way out, --provider script, is a run's: login
		// needs the window.
		return errors.New("login: wtagent's Chrome window cannot open here: there is no display " +
			"(DISPLAY and WAYLAND_DISPLAY are unset); run wtagent login in your desktop session, or over ssh -X")
	}
	if err != nil {
		return fmt.Errorf("login: %w", err)
	}
	if o.ChromeURL != "" {
		fmt.Fprintln(out, "✔ logged in to ChatGPT in your Chrome; wtagent's tab is closed.")
		return nil
	}
	fmt.Fprintln(out, "✔ logged in to ChatGPT. The profile is kept for later runs.")
	return nil
}
