package browser

import (
	"context"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// drawFrame makes a hidden page draw a frame before trusted mouse input.
//
// A tab whose window is minimised draws no frames, so a document that
// loaded while the window was minimised (every page wtagent opens after
// its start-up minimise) has never been drawn. Chrome routes an
// Input.dispatchMouseEvent by the hit-test data of the tab's drawn frame
// and, with none, drops it: the page sees no mousedown at all, while
// keyboard input, which needs no hit test, arrives. A one-pixel capture
// makes Chrome draw the page once while the window stays minimised
// (restoring and minimising again would also draw it, but flashes the
// window and takes the focus). A visible page needs nothing.
func (s *session) drawFrame(ctx context.Context) error {
	cctx, cancel := s.bind(ctx, s.opts.StepTimeout)
	defer cancel()
	hidden, err := chromedp.Run(cctx, chromedp.Evaluate[bool](`document.visibilityState === 'hidden'`))
	if err != nil || !hidden {
		return s.wrap(ctx, err)
	}
	_, err = chromedp.Call(cctx, page.CaptureScreenshot, page.CaptureScreenshotParams{
		Format: page.CaptureScreenshotFormatJpeg,
		Clip:   &page.Viewport{Width: 1, Height: 1, Scale: 1},
	})
	return s.wrap(ctx, err)
}
