package mockchat

import (
	"context"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// findChromium returns the Chromium or Chrome binary for the browser
// tests: $WTAGENT_CHROME, Debian's real binary, then the usual names on
// PATH.
func findChromium() string {
	if p := os.Getenv("WTAGENT_CHROME"); p != "" {
		return p
	}
	if st, err := os.Stat("/usr/lib/chromium/chromium"); err == nil && !st.IsDir() {
		return "/usr/lib/chromium/chromium"
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// startBrowser starts one headless Chromium for a test and its subtests
// and returns its tab, or skips the test when there is no Chromium (fails
// when WTAGENT_REQUIRE_BROWSER=1); it always skips under -short.
func startBrowser(t testing.TB) context.Context {
	t.Helper()
	if testing.Short() {
		t.Skip("browser test: starts Chromium; not under -short")
	}
	path := findChromium()
	if path == "" {
		if os.Getenv("WTAGENT_REQUIRE_BROWSER") == "1" {
			t.Fatal("no Chromium found and WTAGENT_REQUIRE_BROWSER=1")
		}
		t.Skip("no Chromium found (set WTAGENT_CHROME)")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(1280, 900),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, cancelBrowser := chromedp.NewContext(actx)
	t.Cleanup(func() {
		cancelBrowser()
		cancelAlloc()
	})
	startBounded(t, bctx, cancelBrowser, 2*time.Minute) // a hang guard for a loaded machine
	return bctx
}

// startBounded runs the first (attaching) Do on ctx. That call binds the
// tab to the context it gets, so it must be ctx itself, not a deadline
// child: the deadline cancels ctx instead.
func startBounded(t testing.TB, ctx context.Context, cancel context.CancelFunc, d time.Duration) {
	t.Helper()
	timer := time.AfterFunc(d, cancel)
	err := chromedp.Do(ctx)
	timer.Stop()
	if err != nil {
		t.Fatalf("start chromium: %v", err)
	}
}
