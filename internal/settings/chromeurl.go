package settings

import (
	"github.com/wtagent/wtagent/browser/chrome"
	"github.com/wtagent/wtagent/internal/cmdutil"
)

// checkChromeURL checks a --chrome-url value before anything starts: a
// malformed URL, or one on another machine without insecureOK, is a usage
// error.
func checkChromeURL(raw string, insecureOK bool) error {
	if raw == "" {
		return nil
	}
	if err := chrome.CheckRemoteURL(raw, insecureOK); err != nil {
		return cmdutil.FlagErrorf("--chrome-url: %v", err)
	}
	return nil
}
