package chrome

import (
	"context"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// SetWindow minimises or restores the tab's browser window (restored, it
// is brought to the front); ctx bounds the step.
func (c *Chrome) SetWindow(ctx context.Context, state browser.WindowState) error {
	return setWindow(ctx, c.tab, state)
}

// setWindow sets the window state of the tab of the chromedp context tab;
// ctx bounds the step.
func setWindow(ctx, tab context.Context, state browser.WindowState) error {
	c2 := chromedp.FromContext(tab)
	w, err := chromedp.CallBrowser(ctx, browser.GetWindowForTarget, browser.GetWindowForTargetParams{TargetID: c2.Target.TargetID})
	if err != nil {
		return err
	}
	_, err = chromedp.CallBrowser(ctx, browser.SetWindowBounds, browser.SetWindowBoundsParams{WindowID: w.WindowID, Bounds: &browser.Bounds{WindowState: state}})
	if err == nil && state == browser.WindowStateNormal {
		_, err = chromedp.Call(ctx, page.BringToFront, cdp.Empty{})
	}
	return err
}
