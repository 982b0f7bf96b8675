package chrome

import (
	"github.com/chromedp/chromedp"
)

// allocatorOptions are Chrome's flags: an explicit short list instead of
// chromedp's defaults.
//
// The flags that decide how cookies are encrypted (password-store,
// use-mock-keychain) are the same on every launch, headless or not, so
// the login in the profile survives. The three anti-throttling flags keep
// a minimised window streaming at full speed. There is no
// enable-automation flag (no infobar).
//
// Chrome talks to wtagent over a pipe (--remote-debugging-pipe, chromedp's
// default for an exec allocator): no debugging port is opened, so no other
// local process can attach to the logged-in session, and wtagent only ever
// drives the Chrome it launched itself.
func allocatorOptions(bin string, cfg Config) []chromedp.ExecAllocatorOption {
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(bin),
		chromedp.UserDataDir(cfg.ProfileDir),
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("password-store", "basic"),
		chromedp.Flag("use-mock-keychain", true),
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("disable-features", "Translate,CalculateNativeWinOcclusion"),
		chromedp.Flag("disable-hang-monitor", true),
		chromedp.Flag("disable-prompt-on-repost", true),
	}
	if cfg.Headless {
		opts = append(opts,
			chromedp.Headless,
			chromedp.Flag("disable-gpu", true),
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			chromedp.Flag("disable-dev-shm-usage", true),
			chromedp.WindowSize(1280, 960),
		)
	} else {
		opts = append(opts, chromedp.VisibleWindow)
	}
	return opts
}
