package chrome

import (
	"context"
	"errors"
	"sync"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
)

// ErrHostClosed is the error of a tab asked of a Host after Close.
var ErrHostClosed = errors.New("browser: the shared Chrome is closed")

// Host is one launched Chrome that several tabs share (Config.Host): the
// main conversation's tab and each sub-agent's, one ChatGPT conversation
// each, in the dedicated profile, which holds one Chrome at a time. The
// first tab launches Chrome; Chrome stays while any tab is open and
// closes gracefully with the last one. A tab that crashes or is closed
// ends only that tab (its Chrome dies, the others go on); a browser that
// died ends every tab, and the next tab launches a fresh one. It is safe
// for concurrent use; its blocking work (the launch, the graceful close)
// runs on the caller's goroutine, the transports' workers.
type Host struct {
	cfg Config

	mu     sync.Mutex
	cur    *hostBrowser
	closed bool
}

// hostBrowser is one launch of a Host's Chrome, counted by its open tabs.
type hostBrowser struct {
	found       Found
	pid         int
	allocCancel context.CancelFunc
	// root is the first tab's chromedp context: it owns the process
	// (canceling it closes Chrome); every tab is a child of it.
	root       context.Context
	rootCancel context.CancelFunc
	lost       <-chan struct{}
	refs       int
	down       bool // closed or torn down
}

// NewHost returns a Host that launches Chrome with cfg (Path, ProfileDir,
// Headless, StepTimeout, Logger; Listener and Remote are unused: each tab
// has its own listener, and a user's Chrome needs no owner).
func NewHost(cfg Config) *Host { return &Host{cfg: cfg} }

// dead reports whether the browser's connection is gone.
func (b *hostBrowser) dead() bool {
	if b.down || b.root.Err() != nil {
		return true
	}
	select {
	case <-b.lost:
		return true
	default:
		return false
	}
}

// acquire returns the running browser, counting one more tab on it; it
// launches Chrome when none runs or the last one died. ctx bounds the
// launch.
func (h *Host) acquire(ctx context.Context) (*hostBrowser, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil, ErrHostClosed
	}
	if b := h.cur; b != nil && !b.dead() {
		b.refs++
		return b, nil
	}
	if old := h.cur; old != nil {
		// Its tabs died with it; the profile must be free for the next.
		h.cfg.Logger.Warn("shared Chrome lost; relaunching it", "pid", old.pid)
		old.teardown()
		h.cur = nil
	}
	b, err := h.launch(ctx)
	if err != nil {
		return nil, err
	}
	b.refs = 1
	h.cur = b
	return b, nil
}

// release counts one tab less on b; the last tab closes Chrome.
func (h *Host) release(b *hostBrowser) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if b.refs--; b.refs > 0 {
		return
	}
	b.close()
	if h.cur == b {
		h.cur = nil
	}
}

// PID is the running shared browser's process id (0: none runs).
func (h *Host) PID() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.cur == nil || h.cur.dead() {
		return 0
	}
	return h.cur.pid
}

// Close closes the shared Chrome whatever its tabs (their calls then fail
// as a closed transport) and refuses new tabs. It is idempotent.
func (h *Host) Close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	if h.cur != nil {
		h.cur.close()
		h.cur = nil
	}
}

// launch starts Chrome on its first (blank) tab, bounded by ctx.
func (h *Host) launch(ctx context.Context) (*hostBrowser, error) {
	found, err := prepare(h.cfg)
	if err != nil {
		return nil, err
	}
	b := &hostBrowser{found: found}
	allocCtx, allocCancel := chromedp.NewExecAllocator(context.Background(), allocatorOptions(found.Path, h.cfg)...)
	logf := func(format string, args ...any) { h.cfg.Logger.Debugf("chromedp: "+format, args...) }
	b.allocCancel = allocCancel
	b.root, b.rootCancel = chromedp.NewContext(allocCtx, chromedp.WithLogf(logf), chromedp.WithErrorf(logf))
	if err := startProcess(ctx, b.root, found.Path, b.teardown); err != nil {
		return nil, err
	}
	cc := chromedp.FromContext(b.root)
	if p := cc.Browser.Process(); p != nil {
		b.pid = p.Pid
	}
	b.lost = cc.Browser.LostConnection
	if !h.cfg.Headless {
		// The first tab only holds Chrome; each conversation's tab has a
		// window of its own. Its blank window stays out of the way.
		wctx, cancel := context.WithTimeout(b.root, h.cfg.StepTimeout)
		if err := setWindow(wctx, b.root, cdpbrowser.WindowStateMinimized); err != nil {
			h.cfg.Logger.Warn("minimise the shared Chrome's first window", "err", err)
		}
		cancel()
	}
	return b, nil
}

// Running reports whether the shared Chrome runs (the next tab opens
// without a launch).
func (h *Host) Running() bool { return h.PID() != 0 }

// close shuts the browser down gracefully (so it saves cookies), then
// kills what is left.
func (b *hostBrowser) close() {
	if !b.dead() {
		ctx, cancel := context.WithTimeout(b.root, 10*time.Second)
		_ = chromedp.Cancel(ctx)
		cancel()
	}
	b.teardown()
}

// teardown cancels the browser's contexts (which kills the process and
// waits for it).
func (b *hostBrowser) teardown() {
	b.down = true
	b.rootCancel()
	b.allocCancel()
}

// openHosted opens the Chrome's tab in its Host's browser (launching it
// when none runs), bounded by ctx. A failed open leaves the browser to its
// other tabs.
func (c *Chrome) openHosted(ctx context.Context) error {
	b, err := c.cfg.Host.acquire(ctx)
	if err != nil {
		return err
	}
	c.host, c.found, c.pid = b, b.found, b.pid
	// The browser's log options are the Host's (set at its launch).
	c.tab, c.tabCancel = chromedp.NewContext(b.root, chromedp.WithListener(c.onEvent))
	c.life, c.lifeCancel = context.WithCancelCause(c.tab)
	if err := c.run(ctx); err != nil {
		return err
	}
	return c.watch()
}

// Hosted reports whether this Chrome is a tab of a shared Host.
func (c *Chrome) Hosted() bool { return c.host != nil }
