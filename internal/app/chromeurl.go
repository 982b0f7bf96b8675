package app

import (
	"context"
	"time"

	"github.com/wtagent/wtagent/browser"
	"github.com/wtagent/wtagent/browser/chrome"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/settings"
	"github.com/wtagent/wtagent/session"
)

// probeChromeURL checks the Chrome at s.ChromeURL before a run starts: it
// must answer as DevTools, be recent enough, and be logged in to ChatGPT
// (read in a tab of wtagent's own, closed at once). Any of these failing
// fails the run at once (exit 1), before any session exists.
func probeChromeURL(ctx context.Context, s settings.Settings, h session.Home) error {
	ctx, cancel := context.WithTimeout(ctx, 90*time.Second)
	defer cancel()
	if _, err := chrome.ResolveRemote(ctx, s.ChromeURL); err != nil {
		return &cmdutil.ExitError{Code: cmdutil.ExitFailed, Err: err}
	}
	opts := browser.Options{ChromeURL: s.ChromeURL, BaseURL: s.ChatGPTURL, Locators: s.Locators, Tabs: settings.ChromeTabs(h)}
	st, err := browser.CheckLogin(ctx, opts)
	if err == nil && st == browser.LoginRequired {
		err = browser.NotLoggedIn(s.ChromeURL)
	}
	if err != nil {
		return &cmdutil.ExitError{Code: cmdutil.ExitFailed, Err: err}
	}
	return nil
}
