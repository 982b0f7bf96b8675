package chrome

import (
	"context"

	"github.com/chromedp/chromedp/remote"
)

// attach connects to the Chrome the user started (Config.Remote) and opens
// wtagent's own tab there, in a window of its own so that the page is never
// a throttled background tab. The user's tabs are never touched: closing
// the tab's context closes only this tab, and the browser stays (chromedp
// never closes a browser it attached to).
func (c *Chrome) attach(ctx context.Context) error {
	c.found = Found{Path: c.cfg.Remote.URL, Kind: KindRemote, Version: c.cfg.Remote.Version()}
	allocCtx, allocCancel := remote.NewAllocator(context.Background(), c.cfg.Remote.WebSocket, remote.NoModifyURL)
	if err := c.open(ctx, allocCtx, allocCancel); err != nil {
		return err
	}
	c.recordTab(ctx)
	return nil
}

// Remote reports whether this Chrome is one the user started.
func (c *Chrome) Remote() bool { return c.cfg.Remote.WebSocket != "" }
