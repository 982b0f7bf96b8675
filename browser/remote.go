package browser

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/wtagent/wtagent/browser/chrome"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
)

// remote reports whether the Transport drives a Chrome the user started
// (Options.ChromeURL).
func (o *Options) remote() bool { return o.ChromeURL != "" }

// where names the browser for the user's notes.
func (o *Options) where() string {
	if o.remote() {
		return "wtagent's ChatGPT tab (in its own window) of the Chrome at " + o.ChromeURL
	}
	return "the Chrome window wtagent opened"
}

// connect starts a session: it launches Chrome, or attaches to the user's.
// The user's Chrome is retried with back-off within ReconnectTimeout while
// it does not answer, so after a lost connection a Chrome the user restarts
// (or an ssh tunnel that comes back) resumes the run; a Chrome that cannot
// be used (too old, a malformed URL) is not retried. (A run checks the
// endpoint before it starts, so a wrong URL fails there at once.)
func (t *Transport) connect(ctx context.Context) (*session, error) {
	if !t.opts.remote() {
		return launch(ctx, &t.opts)
	}
	ctx, cancel := context.WithTimeout(ctx, t.opts.ReconnectTimeout)
	defer cancel()
	delay := 250 * time.Millisecond
	for attempt := 1; ; attempt++ {
		s, err := launch(ctx, &t.opts)
		if err == nil {
			if attempt > 1 {
				t.opts.note("reconnected to the Chrome at %s (attempt %d)", t.opts.ChromeURL, attempt)
			}
			return s, nil
		}
		if errors.Is(err, chrome.ErrTooOld) || errors.Is(err, chrome.ErrBadURL) {
			return nil, err
		}
		t.opts.note("the Chrome at %s is not back yet (%v); retrying in %s", t.opts.ChromeURL, err, delay)
		select {
		case <-ctx.Done():
			// Not a crash: the supervisor would retry for ever. The run
			// pauses, and wtagent resume continues once Chrome is back.
			return nil, fmt.Errorf("browser: the Chrome at %s did not answer within %s (start it again with the same --remote-debugging-port, then wtagent resume): %w",
				t.opts.ChromeURL, t.opts.ReconnectTimeout, err)
		case <-time.After(delay):
		}
		if delay *= 2; delay > 5*time.Second {
			delay = 5 * time.Second
		}
	}
}

// notLoggedIn is the error of a user's Chrome whose ChatGPT is logged out:
// wtagent does not wait in a browser the user may not be looking at.
func (o *Options) notLoggedIn() error { return NotLoggedIn(o.ChromeURL) }

// NotLoggedIn is the error of the Chrome at chromeURL (--chrome-url) whose
// ChatGPT is logged out.
func NotLoggedIn(chromeURL string) error {
	return failure(messages.FailAuth, fmt.Errorf("%w: ChatGPT is not logged in in the Chrome at %s: log in to ChatGPT there, then run wtagent again", model.ErrAuth, chromeURL))
}
