package browser

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/chromedp/cdproto/browser"

	"github.com/wtagent/wtagent/browser/pagescript"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
)

// LoginState is what the ChatGPT page says about the session.
type LoginState string

// The login states.
const (
	// LoginOK means the session endpoint knows the user.
	LoginOK LoginState = "logged_in"
	// LoginRequired means the page is logged out (login controls, an auth
	// page, or a session without a user).
	LoginRequired LoginState = "logged_out"
	// LoginChallenge means a verification or bot challenge page is shown.
	LoginChallenge LoginState = "challenge"
	// LoginRateLimited means the user is logged in but a usage limit banner
	// is shown.
	LoginRateLimited LoginState = "rate_limited"
	// LoginElsewhere means the tab is on another site (an identity
	// provider during login).
	LoginElsewhere LoginState = "elsewhere"
	// LoginUnknown means the page gave no clear answer.
	LoginUnknown LoginState = "unknown"
)

// classifyAuth turns the page's auth() answer into a LoginState. The
// composer alone proves nothing: a logged-out page shows one too.
func classifyAuth(p pageSnap, baseOrigin string) LoginState {
	if p.Challenge != "" || (p.Status == 403 && (p.CF == "challenge" || p.HTML)) {
		return LoginChallenge
	}
	if p.Origin != "" && baseOrigin != "" && p.Origin != baseOrigin {
		return LoginElsewhere
	}
	if regexp.MustCompile(pagescript.AuthPathRE).MatchString(p.Path) {
		return LoginRequired
	}
	switch {
	case p.JSON && p.User:
		if p.Err != nil && p.Err.Kind == "rate_limit" {
			return LoginRateLimited
		}
		return LoginOK
	case p.JSON, p.Status == 401:
		return LoginRequired
	case p.Login != "":
		return LoginRequired
	}
	return LoginUnknown
}

// origin returns scheme://host of a URL.
func origin(u string) string {
	p, err := url.Parse(u)
	if err != nil {
		return ""
	}
	return p.Scheme + "://" + p.Host
}

// loginState reads the page's login state once.
func (t *Transport) loginState(ctx context.Context, s *session) (LoginState, pageSnap, error) {
	var p pageSnap
	if err := s.call(ctx, 0, &p, "auth"); err != nil {
		return LoginUnknown, p, err
	}
	return classifyAuth(p, origin(t.opts.BaseURL)), p, nil
}

// ensureLoggedIn checks the page and, when the user must log in or solve a
// challenge, reports it through the state callback, shows the window and
// waits (polling with backoff, bounded by LoginTimeout and ctx) until the
// page is usable again. After a wait it reloads reload (the page the
// caller wants). It returns nil when the page is logged in.
func (t *Transport) ensureLoggedIn(ctx context.Context, s *session, reload string) error {
	st, p, err := t.loginState(ctx, s)
	unknown := 0
	for err != nil || st == LoginUnknown {
		if s.gone() || ctx.Err() != nil {
			return s.wrap(ctx, err)
		}
		if unknown++; unknown > 5 {
			if err != nil {
				return fmt.Errorf("browser: read the login state: %w", err)
			}
			// No session endpoint answer and no login controls: treat the
			// page as usable and let the next steps fail clearly.
			t.opts.Logger.Warn("login state unknown; continuing", "url", p.URL, "status", p.Status, "fetch", p.FetchError)
			return nil
		}
		if err := s.sleep(ctx, 300*time.Millisecond); err != nil {
			return err
		}
		st, p, err = t.loginState(ctx, s)
	}
	switch st {
	case LoginOK:
		return nil
	case LoginRateLimited:
		t.report(event.ModelRateLimited, "ChatGPT shows a usage limit: "+cardText(p.Err), "")
		return nil
	}
	if st == LoginRequired && t.opts.remote() && !t.opts.WaitForLogin {
		return t.opts.notLoggedIn()
	}
	return t.waitForUser(ctx, s, st, reload)
}

func cardText(c *cardState) string {
	if c == nil {
		return ""
	}
	return c.Text
}

// waitForUser shows the window and waits until the page is logged in and
// free of challenges.
func (t *Transport) waitForUser(ctx context.Context, s *session, st LoginState, reload string) error {
	ctx, cancel := context.WithTimeout(ctx, t.opts.LoginTimeout)
	defer cancel()
	shown := false
	announce := func(st LoginState) {
		switch st {
		case LoginChallenge:
			t.report(event.ModelTakeoverRequired, "ChatGPT shows a verification page: solve it in "+t.opts.where()+"; wtagent continues by itself", "")
		case LoginElsewhere:
			// The user is on the identity provider; nothing new to say.
		default:
			t.report(event.ModelAuthRequired, "log in to ChatGPT in "+t.opts.where()+"; wtagent continues by itself", "")
		}
		if !shown {
			shown = true
			if t.opts.Headless {
				t.opts.Logger.Warn("the user must act in the page, but Chrome is headless", "state", st)
			} else if err := s.setWindow(ctx, browser.WindowStateNormal); err != nil {
				t.opts.Logger.Warn("restore window", "err", err)
			}
		}
	}
	announce(st)
	last := st
	delay := 250 * time.Millisecond
	for {
		if err := s.sleep(ctx, delay); err != nil {
			return t.waitError(ctx, s, err, last)
		}
		if delay = delay * 3 / 2; delay > 3*time.Second {
			delay = 3 * time.Second
		}
		cur, _, err := t.loginState(ctx, s)
		if err != nil {
			if s.gone() || ctx.Err() != nil {
				return t.waitError(ctx, s, s.wrap(ctx, err), last)
			}
			continue // a navigation while the user logs in
		}
		if cur != last && cur != LoginUnknown {
			if cur != LoginOK && cur != LoginRateLimited && cur != LoginElsewhere {
				announce(cur)
			}
			last = cur
		}
		if cur == LoginChallenge && reload != "" && t.challengeOver(ctx, s) {
			// Solved (or lifted) while the page still shows the
			// interstitial: load the page again.
			if err := s.navigate(ctx, reload); err != nil {
				return err
			}
			continue
		}
		if cur != LoginOK && cur != LoginRateLimited {
			continue
		}
		// The session is back: load the page the caller wanted, which also
		// replaces a stale logged-out or challenge render.
		if reload != "" {
			if err := s.navigate(ctx, reload); err != nil {
				return err
			}
			cur, _, err = t.loginState(ctx, s)
			if err != nil || (cur != LoginOK && cur != LoginRateLimited) {
				last = cur
				continue
			}
		}
		t.minimise(ctx, s)
		t.report(event.ModelReady, "ChatGPT is ready", "")
		return nil
	}
}

// waitError is the error of a user wait that ended without the user.
func (t *Transport) waitError(ctx context.Context, s *session, err error, st LoginState) error {
	if s.isDead() {
		return crashError(s.c.Cause())
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	if st == LoginChallenge {
		return failure(messages.FailTakeover, fmt.Errorf("%w: the verification page was not solved within %s", model.ErrTakeover, t.opts.LoginTimeout))
	}
	return failure(messages.FailAuth, fmt.Errorf("%w: nobody logged in to ChatGPT within %s", model.ErrAuth, t.opts.LoginTimeout))
}

// minimise hides the window while the user is not needed. wtagent's
// window in the user's Chrome is left as it is: that Chrome lacks the
// anti-throttling flags, so a minimised window there may stream slowly.
func (t *Transport) minimise(ctx context.Context, s *session) {
	if t.opts.Headless || t.opts.NoMinimize || t.opts.remote() {
		return
	}
	if err := s.setWindow(ctx, browser.WindowStateMinimized); err != nil {
		t.opts.Logger.Warn("minimise window", "err", err)
	}
}

// challengeOver asks a challenge-protected endpoint whether the challenge
// still stands.
func (t *Transport) challengeOver(ctx context.Context, s *session) bool {
	var p struct {
		Status int    `json:"status"`
		CF     string `json:"cf"`
	}
	if err := s.call(ctx, 0, &p, "probe"); err != nil || p.Status == 0 {
		return false
	}
	return !(p.Status == 403 && p.CF == "challenge")
}
