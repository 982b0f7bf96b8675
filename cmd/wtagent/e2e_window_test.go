//go:build linux

package main

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
)

// headedEnv is newEnv whose wtagent runs Chromium with a visible window
// (no --headless) on a virtual display of the test's own, with a
// debugging port the test attaches to (attachPage).
func headedEnv(t *testing.T) *env {
	t.Helper()
	needChromium(t)
	debuggableChrome(t)
	e := newEnv(t)
	e.display = virtualDisplay(t)
	return e
}

// window is what a user sees of the Chrome window of a page.
type window struct {
	state     browser.WindowState
	userAgent string
}

// onScreen reports whether the window shows (normal, or maximised as the
// window manager may place a window that fills the screen).
func (w window) onScreen() bool {
	return w.state == browser.WindowStateNormal || w.state == browser.WindowStateMaximized
}

// visibleWhen is the page script that resolves once the page's visibility
// is the one given ('hidden': its window minimised; 'visible': on screen),
// woken by the page's visibilitychange events.
const visibleWhen = `new Promise(resolve => {
	const check = () => { if (document.visibilityState === %q) resolve(document.visibilityState) };
	document.addEventListener('visibilitychange', check);
	check();
})`

// waitWindow waits until the page in tab is on screen (shown) or hidden
// (its window minimised), then returns its window as
// Browser.getWindowForTarget and Browser.getVersion read it. The wait is
// the page's own visibility event: the window manager acts after Chrome
// asked it to.
func waitWindow(t *testing.T, tab context.Context, shown bool) window {
	t.Helper()
	want := "hidden"
	if shown {
		want = "visible"
	}
	if _, err := chromedp.Run(tab, chromedp.Evaluate[string](fmt.Sprintf(visibleWhen, want), chromedp.EvalAwaitPromise)); err != nil {
		t.Fatalf("the page never became %s: %v", want, err)
	}
	id := chromedp.FromContext(tab).Target.TargetID
	w, err := chromedp.CallBrowser(tab, browser.GetWindowForTarget, browser.GetWindowForTargetParams{TargetID: id})
	if err != nil {
		t.Fatalf("Browser.getWindowForTarget: %v", err)
	}
	if w.Bounds == nil || w.Bounds.Width <= 0 || w.Bounds.Height <= 0 {
		t.Fatalf("the page's window has no size: %+v", w.Bounds)
	}
	v, err := chromedp.CallBrowser(tab, browser.GetVersion, cdp.Empty{})
	if err != nil {
		t.Fatalf("Browser.getVersion: %v", err)
	}
	return window{state: w.Bounds.WindowState, userAgent: v.UserAgent}
}

// checkHeaded fails the test unless w is a real window: Chrome is not
// headless (its user agent names HeadlessChrome when it is).
func checkHeaded(t *testing.T, w window) {
	t.Helper()
	if strings.Contains(w.userAgent, "Headless") {
		t.Fatalf("Chrome runs headless (user agent %q): the run has no window", w.userAgent)
	}
}
