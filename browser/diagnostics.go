package browser

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/wtagent/wtagent/internal/atomicfile"
	"github.com/wtagent/wtagent/messages"
)

// diagnosticsDir is where snapshots go.
func (o *Options) diagnosticsDir() string {
	if o.DiagnosticsDir != "" {
		return o.DiagnosticsDir
	}
	return filepath.Join(filepath.Dir(filepath.Clean(o.ProfileDir)), "diagnostics")
}

// adapterError saves a redacted DOM snapshot and a screenshot and returns
// the locator failure as a model.Error of kind adapter.
func (s *session) adapterError(ctx context.Context, locator, step, detail string) error {
	ae := &AdapterError{Locator: locator, Step: step, Detail: detail}
	// Diagnostics must not outlive a caller that gave up, but a caller
	// whose deadline just passed (the usual reason a locator failed) still
	// gets them.
	dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if u, err := s.location(dctx); err == nil {
		ae.URL = u
	}
	ae.Snapshot, ae.Screenshot = s.saveDiagnostics(dctx, locator)
	s.opts.Logger.Error("ChatGPT page adapter needs an update", "locator", locator, "step", step, "url", ae.URL, "snapshot", ae.Snapshot, "screenshot", ae.Screenshot)
	return failure(messages.FailAdapter, ae)
}

// saveDiagnostics writes the page's HTML (redacted) and a PNG screenshot,
// and returns their paths ("" for what failed).
func (s *session) saveDiagnostics(ctx context.Context, label string) (htmlPath, pngPath string) {
	dir := s.opts.diagnosticsDir()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		s.opts.Logger.Warn("diagnostics dir", "err", err)
		return "", ""
	}
	base := filepath.Join(dir, fmt.Sprintf("adapter-%s-%s", time.Now().UTC().Format("20060102T150405.000Z"), safeName(label)))
	cctx, cancel := s.bind(ctx, 5*time.Second)
	html, err := chromedp.Run(cctx, chromedp.Evaluate[string](`document.documentElement ? document.documentElement.outerHTML : ''`))
	cancel()
	if err == nil {
		head := fmt.Sprintf("<!-- wtagent %s diagnostics: locator %s, %s -->\n", AdapterVersion, label, time.Now().UTC().Format(time.RFC3339))
		if atomicfile.WriteFile(base+".html", []byte(head+redactHTML(html)), 0o600) == nil {
			htmlPath = base + ".html"
		}
	}
	cctx, cancel = s.bind(ctx, 5*time.Second)
	shot, err := chromedp.Call(cctx, page.CaptureScreenshot, page.CaptureScreenshotParams{Format: page.CaptureScreenshotFormatPng})
	cancel()
	if err == nil && len(shot.Data) > 0 && atomicfile.WriteFile(base+".png", shot.Data, 0o600) == nil {
		pngPath = base + ".png"
	}
	return htmlPath, pngPath
}

var nameRE = regexp.MustCompile(`[^A-Za-z0-9_-]+`)

func safeName(s string) string {
	s = nameRE.ReplaceAllString(s, "-")
	if s == "" {
		return "page"
	}
	return s
}

// redactHTML removes what may hold credentials from a DOM snapshot:
// script bodies, form values, bearer tokens, JWTs and token-like fields.
func redactHTML(s string) string {
	for _, r := range []struct {
		re   *regexp.Regexp
		with string
	}{
		{regexp.MustCompile(`(?is)(<script\b[^>]*>).*?(</script>)`), `$1/* redacted */$2`},
		{regexp.MustCompile(`(?i)(<input\b[^>]*?\bvalue=)("[^"]*"|'[^']*')`), `$1"[redacted]"`},
		{regexp.MustCompile(`(?i)\bbearer\s+[A-Za-z0-9._~+/=-]{8,}`), `Bearer [redacted]`},
		{regexp.MustCompile(`eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}`), `[redacted-jwt]`},
		{regexp.MustCompile(`(?i)("[a-z_]*(?:token|secret|password|session|csrf|cookie|api_?key)[a-z_]*"\s*:\s*")[^"]{6,}(")`), `$1[redacted]$2`},
		{regexp.MustCompile(`(?i)(\b[a-z_-]*(?:token|secret|password|csrf|api_?key)[a-z_-]*=)[^&"'\s<>]{6,}`), `$1[redacted]`},
	} {
		s = r.re.ReplaceAllString(s, r.with)
	}
	return s
}
