package browser

import (
	"context"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// PageBundle is the page as a bug report may carry it (doctor --page
// --bundle): no conversation text, no draft, no credential.
type PageBundle struct {
	// HTML is the DOM with every text of the thread, the sidebar and the
	// composer (and every form value, link and free-text attribute)
	// replaced by its length, the control labels kept, then redacted as
	// the diagnostics snapshots are (scripts, tokens).
	HTML []byte
	// PNG is a screenshot with every text and image made invisible: the
	// layout only.
	PNG []byte
}

// bundle captures the page's PageBundle.
func (s *session) bundle(ctx context.Context) (*PageBundle, error) {
	var html string
	if err := s.call(ctx, 0, &html, "redactedDOM"); err != nil {
		return nil, err
	}
	b := &PageBundle{HTML: []byte(redactHTML(html))}
	var ok bool
	if err := s.call(ctx, 0, &ok, "hideText", true); err != nil {
		return nil, err
	}
	defer func() { _ = s.call(context.WithoutCancel(ctx), 0, &ok, "hideText", false) }()
	cctx, cancel := s.bind(ctx, s.opts.StepTimeout)
	defer cancel()
	shot, err := chromedp.Call(cctx, page.CaptureScreenshot, page.CaptureScreenshotParams{Format: page.CaptureScreenshotFormatPng})
	if err != nil {
		return nil, s.wrap(ctx, err)
	}
	b.PNG = shot.Data
	return b, nil
}
