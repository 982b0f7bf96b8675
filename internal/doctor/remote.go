package doctor

import (
	"context"
	"errors"
	"fmt"

	"github.com/wtagent/wtagent/browser"
	"github.com/wtagent/wtagent/browser/chrome"
)

// runRemote checks the Chrome at o.ChromeURL (doctor --chrome-url): the
// endpoint answers as DevTools, the browser is recent enough, and its
// ChatGPT is logged in (read in a tab of wtagent's own, closed after).
func runRemote(ctx context.Context, o Options) []Result {
	ctx, cancel := context.WithTimeout(ctx, o.Timeout)
	defer cancel()
	ep, err := chrome.ResolveRemote(ctx, o.ChromeURL)
	if err != nil {
		return []Result{remoteError(err, o.ChromeURL)}
	}
	out := []Result{{Name: "chrome-url", Level: levelOK,
		Detail: fmt.Sprintf("%s answers at %s (DevTools %s)", ep.Browser, o.ChromeURL, ep.WebSocket)}}
	state, err := browser.CheckLogin(ctx, browser.Options{ChromeURL: o.ChromeURL, BaseURL: o.ChatGPTURL})
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		out = append(out, Result{Name: "login", Level: levelError, Detail: "the login check timed out", Fix: "run wtagent doctor --chrome-url URL --timeout 3m"})
	case err != nil:
		out = append(out, Result{Name: "login", Level: levelError, Detail: err.Error()})
	case state == browser.LoginOK:
		out = append(out, Result{Name: "login", Level: levelOK, Detail: "the Chrome at " + o.ChromeURL + " is logged in to ChatGPT"})
	default:
		out = append(out, Result{Name: "login", Level: levelError, Detail: "ChatGPT in the Chrome at " + o.ChromeURL + " says: " + string(state),
			Fix: "log in to ChatGPT in that Chrome"})
	}
	return out
}

// remoteError is the chrome-url result of an endpoint that cannot be used.
func remoteError(err error, url string) Result {
	r := Result{Name: "chrome-url", Level: levelError, Detail: err.Error()}
	switch {
	case errors.Is(err, chrome.ErrUnreachable):
		r.Fix = "start Chrome with --remote-debugging-port=9222 --user-data-dir=DIR, and forward the port (ssh -L 9222:127.0.0.1:9222 HOST)"
	case errors.Is(err, chrome.ErrNotDevTools):
		r.Fix = url + " is not Chrome's remote-debugging port: pass the port given to --remote-debugging-port"
	case errors.Is(err, chrome.ErrTooOld):
		r.Fix = "update Chrome"
	}
	return r
}
