package settings

import (
	"github.com/spf13/pflag"

	"github.com/wtagent/wtagent/browser/chrome"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/session"
)

// AddChromeURLFlags registers --chrome-url and --chrome-url-insecure-ok on
// fs: a run's, and those of the commands that open ChatGPT too (login,
// mcp serve).
func AddChromeURLFlags(fs *pflag.FlagSet, url *string, insecureOK *bool) {
	fs.StringVar(url, "chrome-url", "", "attach to a Chrome you started with --remote-debugging-port: its http://host:port DevTools endpoint or ws:// browser URL (wtagent opens and closes only its own tab)")
	fs.BoolVar(insecureOK, "chrome-url-insecure-ok", false, "allow a --chrome-url on another machine (DevTools gives whoever reaches it full control of that browser)")
}

// ChromeTabs records the tabs wtagent opens in a Chrome the user started,
// under h: each attach there closes the tabs a killed wtagent left (those
// whose process no longer runs).
func ChromeTabs(h session.Home) *chrome.TabRecords {
	return &chrome.TabRecords{Dir: h.ChromeTabsDir(), Alive: session.ProcessAlive}
}

// CheckChromeURL checks a --chrome-url value before anything starts: a
// malformed URL, or one on another machine without insecureOK, is a usage
// error.
func CheckChromeURL(raw string, insecureOK bool) error {
	if raw == "" {
		return nil
	}
	if err := chrome.CheckRemoteURL(raw, insecureOK); err != nil {
		return cmdutil.FlagErrorf("--chrome-url: %v", err)
	}
	return nil
}
