package chrome

import (
	"context"
	"errors"
	"fmt"
	"os"
	goruntime "runtime"
	"sync"
	"sync/atomic"
	"time"

	"charm.land/log/v2"
	"github.com/chromedp/cdproto/inspector"
	"github.com/chromedp/chromedp"
)

// ErrClosed is the cause of a closed Chrome's life context.
var ErrClosed = errors.New("browser transport is not running")

// Config says which Chrome to launch and how.
type Config struct {
	// Path is the browser binary; empty means Discover.
	Path string
	// ProfileDir is the dedicated, persistent profile (required).
	ProfileDir string
	// Headless runs Chrome without a window (tests and CI only).
	Headless bool
	// StepTimeout bounds each spawned step (Spawn).
	StepTimeout time.Duration
	// Logger receives chromedp's debug log and the crash warning.
	Logger *log.Logger
	// Listener receives every event of the tab. It runs on the tab's
	// event loop: it must only record and signal, never block.
	Listener func(ev any)
	// Remote, when its WebSocket is set, is a Chrome the user started
	// (--chrome-url): Start opens a tab of its own there instead of
	// launching Chrome, and Close closes only that tab.
	Remote Endpoint
	// Tabs, when set, records the tab opened in a Remote Chrome, and the
	// attach closes the tabs a stopped wtagent left there.
	Tabs *TabRecords
	// Host, when set (and Remote is not), is the shared Chrome the tab
	// opens in: Start opens a tab of its own there instead of launching
	// Chrome, and Close closes only that tab (the last one closes Chrome).
	Host *Host
}

// Chrome is one launched Chrome with its tab. A crash ends it for good;
// the caller launches a new one.
type Chrome struct {
	cfg   Config
	found Found
	pid   int
	// tabID is the tab's target id in a Remote Chrome with Tabs (its
	// record's name).
	tabID string

	allocCancel context.CancelFunc
	tab         context.Context // the tab's chromedp context (no deadline)
	tabCancel   context.CancelFunc
	// life is tab, canceled when Chrome dies or closes; every call
	// derives from it.
	life       context.Context
	lifeCancel context.CancelCauseFunc

	// lost and detached close when Chrome goes or the tab detaches.
	lost, detached <-chan struct{}

	dead     chan struct{}
	deadOnce sync.Once
	deadErr  error
	closing  atomic.Bool

	// host is the shared browser the tab opened in (Config.Host), released
	// once by Teardown.
	host     *hostBrowser
	released sync.Once

	wg sync.WaitGroup
}

// New returns a Chrome to Start with cfg (cfg.Logger must be set).
// Nothing runs before Start, so a listener's owner can be wired to the
// Chrome (Spawn) before the first event arrives.
func New(cfg Config) *Chrome {
	return &Chrome{cfg: cfg, dead: make(chan struct{})}
}

// Start launches Chrome with the dedicated profile and attaches the tab;
// it may be called once. Chrome's lifetime is the Chrome value's, not
// ctx's: ctx only bounds the start (give it a deadline). A failed start leaves nothing running.
func (c *Chrome) Start(ctx context.Context) error {
	if c.cfg.Remote.WebSocket != "" {
		return c.attach(ctx)
	}
	if c.cfg.Host != nil {
		return c.openHosted(ctx)
	}
	found, err := prepare(c.cfg)
	if err != nil {
		return err
	}
	c.found = found
	allocCtx, allocCancel := chromedp.NewExecAllocator(context.Background(), allocatorOptions(found.Path, c.cfg)...)
	return c.open(ctx, allocCtx, allocCancel)
}

// open makes the tab on the allocator and starts it, bounded by ctx.
func (c *Chrome) open(ctx, allocCtx context.Context, allocCancel context.CancelFunc) error {
	c.allocCancel = allocCancel
	logf := func(format string, args ...any) { c.cfg.Logger.Debugf("chromedp: "+format, args...) }
	c.tab, c.tabCancel = chromedp.NewContext(allocCtx,
		chromedp.WithListener(c.onEvent), chromedp.WithLogf(logf), chromedp.WithErrorf(logf))
	c.life, c.lifeCancel = context.WithCancelCause(c.tab)

	// The first Do binds Chrome's lifetime to its context, so it runs on the
	// tab context and ctx bounds only the wait.
	if err := c.run(ctx); err != nil {
		return err
	}
	return c.watch()
}

// prepare finds the Chrome to launch (cfg.Path, else the one Discover
// finds) and makes the dedicated profile's directory.
func prepare(cfg Config) (Found, error) {
	found := Found{Path: cfg.Path, Kind: kindOf(cfg.Path)}
	if found.Path == "" {
		f, err := Discover(os.Getenv, goruntime.GOOS)
		if err != nil {
			return Found{}, err
		}
		found = f
	}
	return found, ensureProfileDir(cfg.ProfileDir)
}

// run starts the browser process, bounded by ctx.
func (c *Chrome) run(ctx context.Context) error {
	return startProcess(ctx, c.tab, c.found.Path, c.Teardown)
}

// startProcess starts the browser process behind tab (its first
// chromedp.Do), bounded by ctx; on a failure it tears down and says which
// program did not start (ErrNoDisplay where no window can open).
func startProcess(ctx, tab context.Context, path string, teardown func()) error {
	started := make(chan error, 1)
	go func() { started <- chromedp.Do(tab) }()
	select {
	case err := <-started:
		if err == nil {
			return nil
		}
		teardown()
		if errors.Is(err, chromedp.ErrNoDisplay) {
			return ErrNoDisplay
		}
		return fmt.Errorf("browser: start %s: %w", path, err)
	case <-ctx.Done():
		teardown()
		<-started
		return fmt.Errorf("browser: start %s: %w", path, ctx.Err())
	}
}

// watch records the process and watches for a lost browser or a detached
// tab.
func (c *Chrome) watch() error {
	cc := chromedp.FromContext(c.tab)
	if p := cc.Browser.Process(); p != nil {
		c.pid = p.Pid
	}
	detached, err := chromedp.Detached(c.tab)
	if err != nil {
		c.Teardown()
		return err
	}
	c.lost, c.detached = cc.Browser.LostConnection, detached
	c.wg.Go(func() {
		select {
		case <-c.lost:
			c.Die(errors.New("the browser exited or its connection to Chrome dropped"))
		case <-c.detached:
			c.Die(errors.New("the ChatGPT tab was closed"))
		case <-c.life.Done():
			c.CheckLost()
		}
	})
	return nil
}

// onEvent is the tab's listener: a crashed or detached tab ends Chrome,
// and every event goes on to the Config's listener.
func (c *Chrome) onEvent(ev any) {
	switch e := ev.(type) {
	case *inspector.EventTargetCrashed:
		c.Die(errors.New("the ChatGPT page crashed"))
	case *inspector.EventDetached:
		c.Die(fmt.Errorf("the inspector detached (%s)", e.Reason))
	}
	if c.cfg.Listener != nil {
		c.cfg.Listener(ev)
	}
}
