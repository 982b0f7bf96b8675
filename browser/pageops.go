package browser

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/wtagent/wtagent/browser/picker"
)

// pageSnap is the page helper's snap() (and auth()) result.
type pageSnap struct {
	URL      string `json:"url"`
	Path     string `json:"path"`
	Title    string `json:"title"`
	Ready    string `json:"ready"`
	Composer bool   `json:"composer"`
	Send     struct {
		Present bool `json:"p"`
		Enabled bool `json:"e"`
	} `json:"send"`
	Stop      bool             `json:"stop"`
	Challenge string           `json:"challenge"`
	Login     string           `json:"login"`
	Modal     bool             `json:"modal"`
	Thread    threadInfo       `json:"thread"`
	Switcher  *picker.Switcher `json:"switcher"`
	Chips     int              `json:"chips"`
	Err       *cardState       `json:"err"`

	// auth() only: the session endpoint's answer.
	Origin     string `json:"origin"`
	Status     int    `json:"status"`
	CF         string `json:"cf"`
	User       bool   `json:"user"`
	JSON       bool   `json:"json"`
	HTML       bool   `json:"html"`
	FetchError string `json:"fetchError"`
}

// threadInfo summarises the conversation on the page.
type threadInfo struct {
	MaxN          int     `json:"maxN"`
	Count         int     `json:"count"`
	Turns         int     `json:"turns"`
	LastUser      *msgRef `json:"lastUser"`
	LastAssistant *msgRef `json:"lastAssistant"`
}

// msgRef identifies a message on the page.
type msgRef struct {
	ID   string `json:"id"`
	N    int    `json:"n"`
	Slug string `json:"slug"`
}

func (r *msgRef) id() string {
	if r == nil {
		return ""
	}
	return r.ID
}

// snap reads the page state.
func (s *session) snap(ctx context.Context) (pageSnap, error) {
	var p pageSnap
	err := s.call(ctx, 0, &p, "snap")
	return p, err
}

// waitSnap polls the page until ok accepts its state or d passes; it
// returns the last state read. Errors of single reads (a navigation in
// progress) are retried; a crash is not.
func (s *session) waitSnap(ctx context.Context, d time.Duration, ok func(pageSnap) bool) (pageSnap, error) {
	deadline := time.Now().Add(d)
	var last pageSnap
	var lastErr error
	for {
		p, err := s.snap(ctx)
		if err == nil {
			last, lastErr = p, nil
			if ok(p) {
				return p, nil
			}
		} else {
			lastErr = err
			if s.gone() || ctx.Err() != nil {
				return last, s.wrap(ctx, err)
			}
		}
		if time.Now().After(deadline) {
			if lastErr != nil {
				return last, lastErr
			}
			return last, context.DeadlineExceeded
		}
		if err := s.sleep(ctx, 60*time.Millisecond); err != nil {
			return last, err
		}
	}
}

// sleep waits d, or until ctx is done or the session dies.
func (s *session) sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-s.c.Life().Done():
		return s.wrap(ctx, context.Canceled)
	}
}

// navigate loads url in the tab and waits until the document has loaded
// far enough for the page helper (not for the load event, which
// long-lived requests can hold back).
func (s *session) navigate(ctx context.Context, url string) error {
	cctx, cancel := s.bind(ctx, s.opts.StepTimeout)
	res, err := chromedp.Call(cctx, page.Navigate, page.NavigateParams{URL: url})
	cancel()
	if err != nil {
		return s.wrap(ctx, fmt.Errorf("browser: open %s: %w", url, err))
	}
	if res.ErrorText != "" {
		return fmt.Errorf("browser: open %s: %s", url, res.ErrorText)
	}
	_, err = s.waitSnap(ctx, 3*s.opts.StepTimeout, func(p pageSnap) bool {
		return p.Ready != "loading" && p.URL != "about:blank"
	})
	if err != nil {
		return s.wrap(ctx, fmt.Errorf("browser: open %s: %w", url, err))
	}
	return nil
}

// location returns the page's URL.
func (s *session) location(ctx context.Context) (string, error) {
	cctx, cancel := s.bind(ctx, s.opts.StepTimeout)
	defer cancel()
	u, err := chromedp.Run(cctx, chromedp.Location())
	return u, s.wrap(ctx, err)
}

// errNoTarget means a click target was not on the page.
var errNoTarget = errors.New("not on the page")

// clickSpec is a click target for the page helper's center(): a locator
// name, a menu item index, the retry button or a modal's close button.
type clickSpec struct {
	Loc        string `json:"loc,omitempty"`
	Item       *int   `json:"item,omitempty"`
	Retry      bool   `json:"retry,omitempty"`
	ModalClose bool   `json:"modalClose,omitempty"`
	// Chat is the Chat option of the 2026-09 Chat/Work switch.
	Chat bool `json:"chat,omitempty"`
	// CoverClose is the close control of a pop-up over the composer.
	CoverClose bool `json:"coverClose,omitempty"`
}

// clickInfo is center()'s answer.
type clickInfo struct {
	Found    bool    `json:"found"`
	X        float64 `json:"x"`
	Y        float64 `json:"y"`
	Hit      bool    `json:"hit"`
	Disabled bool    `json:"disabled"`
}

// click clicks the target with trusted mouse events at its centre; when
// something covers it, a menu item is chosen with the keyboard (a popover
// can cover a picker row, notes §8) and anything else falls back to the
// element's click().
func (s *session) click(ctx context.Context, spec clickSpec) error {
	var ci clickInfo
	if err := s.call(ctx, 0, &ci, "center", spec); err != nil {
		return err
	}
	if !ci.Found {
		return errNoTarget
	}
	if !ci.Hit && spec.Item != nil {
		return s.pressByKeyboard(ctx, spec)
	}
	if !ci.Hit {
		var ok bool
		if err := s.call(ctx, 0, &ok, "click", spec); err != nil {
			return err
		}
		if !ok {
			return errNoTarget
		}
		return nil
	}
	return s.clickAt(ctx, ci.X, ci.Y)
}

// pressByKeyboard chooses a covered menu item as a keyboard user does:
// it takes the focus, then Enter.
func (s *session) pressByKeyboard(ctx context.Context, spec clickSpec) error {
	var focused bool
	if err := s.call(ctx, 0, &focused, "focus", spec); err != nil {
		return err
	}
	if !focused {
		return fmt.Errorf("the covered menu item did not take the focus: %w", errNoTarget)
	}
	return s.key(ctx, "Enter", 13)
}

// hover moves the mouse over the target (trusted pointermove), then also
// dispatches pointer events on it for menus that only listen to those.
func (s *session) hover(ctx context.Context, spec clickSpec) error {
	var ci clickInfo
	if err := s.call(ctx, 0, &ci, "center", spec); err != nil {
		return err
	}
	if !ci.Found {
		return errNoTarget
	}
	if err := s.drawFrame(ctx); err != nil {
		return err
	}
	cctx, cancel := s.bind(ctx, s.opts.StepTimeout)
	err := chromedp.Do(cctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, ci.X-2, ci.Y))
	if err == nil {
		err = chromedp.Do(cctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, ci.X, ci.Y))
	}
	cancel()
	if err != nil {
		return s.wrap(ctx, err)
	}
	var ok bool
	return s.call(ctx, 0, &ok, "hover", spec)
}

// key presses and releases one key (Escape, Enter) with no char event.
func (s *session) key(ctx context.Context, key string, code int64) error {
	cctx, cancel := s.bind(ctx, s.opts.StepTimeout)
	defer cancel()
	err := chromedp.Do(cctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		for _, typ := range []input.DispatchKeyEventType{input.DispatchKeyEventTypeRawKeyDown, input.DispatchKeyEventTypeKeyUp} {
			if _, err := cdp.Call(ctx, t, input.DispatchKeyEvent, input.DispatchKeyEventParams{
				Type: typ, Key: key, Code: key, WindowsVirtualKeyCode: code, NativeVirtualKeyCode: code,
			}); err != nil {
				return err
			}
		}
		return nil
	}))
	return s.wrap(ctx, err)
}

// setWindow minimises or restores the browser window.
func (s *session) setWindow(ctx context.Context, state browser.WindowState) error {
	cctx, cancel := s.bind(ctx, s.opts.StepTimeout)
	defer cancel()
	return s.wrap(ctx, s.c.SetWindow(cctx, state))
}

// clickAt clicks the viewport point (x, y) with trusted mouse events.
func (s *session) clickAt(ctx context.Context, x, y float64) error {
	if err := s.drawFrame(ctx); err != nil {
		return err
	}
	cctx, cancel := s.bind(ctx, s.opts.StepTimeout)
	defer cancel()
	return s.wrap(ctx, chromedp.Do(cctx, chromedp.MouseClickXY(x, y)))
}
