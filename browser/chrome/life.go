package chrome

import (
	"context"
	"errors"
	"time"

	"github.com/chromedp/chromedp"
)

// Found is the browser binary this Chrome runs.
func (c *Chrome) Found() Found { return c.found }

// PID is the browser's process id (0 when unknown).
func (c *Chrome) PID() int { return c.pid }

// Tab is the tab's chromedp context (no deadline; chromedp finds the tab
// through it).
func (c *Chrome) Tab() context.Context { return c.tab }

// Life is the tab's context, canceled when Chrome dies or closes.
func (c *Chrome) Life() context.Context { return c.life }

// Spawn runs f on a goroutine of this Chrome with its life context,
// bounded by StepTimeout. Close waits for it.
func (c *Chrome) Spawn(f func(ctx context.Context)) {
	if c.life.Err() != nil {
		return
	}
	c.wg.Go(func() {
		ctx, cancel := context.WithTimeout(c.life, c.cfg.StepTimeout)
		defer cancel()
		f(ctx)
	})
}

// Die ends Chrome after a crash, with cause (unless it is closing).
func (c *Chrome) Die(cause error) {
	if c.closing.Load() {
		return
	}
	c.deadOnce.Do(func() {
		c.deadErr = cause
		close(c.dead)
		c.lifeCancel(cause)
		c.cfg.Logger.Warn("browser session lost", "cause", cause)
	})
}

// Gone reports whether Chrome crashed or is closing.
func (c *Chrome) Gone() bool { return c.life.Err() != nil }

// CheckLost notices a lost browser at once, before the watcher goroutine
// does: chromedp cancels the tab's context when the connection drops, so
// a call can fail before Chrome is marked dead.
func (c *Chrome) CheckLost() {
	if c.Dead() || c.closing.Load() {
		return
	}
	select {
	case <-c.lost:
		c.Die(errors.New("the browser exited or its connection to Chrome dropped"))
		return
	case <-c.detached:
		c.Die(errors.New("the ChatGPT tab was closed"))
		return
	default:
	}
	if c.tab.Err() != nil {
		c.Die(errors.New("the browser context ended"))
	}
}

// Dead reports whether Chrome crashed.
func (c *Chrome) Dead() bool {
	select {
	case <-c.dead:
		return true
	default:
		return false
	}
}

// Cause is why Chrome died (nil while it lives).
func (c *Chrome) Cause() error {
	if !c.Dead() {
		return nil
	}
	return c.deadErr
}

// Closing reports whether Close (or a failed start) began.
func (c *Chrome) Closing() bool { return c.closing.Load() }

// Close shuts Chrome down gracefully (so it saves cookies), then kills
// what is left.
func (c *Chrome) Close() {
	c.closing.Store(true)
	if !c.Dead() {
		ctx, cancel := context.WithTimeout(c.tab, 10*time.Second)
		// A remote tab closed is no longer an orphan to close later.
		if err := chromedp.Cancel(ctx); err == nil && c.cfg.Tabs != nil && c.tabID != "" {
			c.cfg.Tabs.remove(c.tabID)
		}
		cancel()
	}
	c.Teardown()
}

// Teardown cancels everything and waits for Chrome's goroutines and for
// the process to exit.
func (c *Chrome) Teardown() {
	c.closing.Store(true)
	if c.lifeCancel != nil {
		c.lifeCancel(ErrClosed)
	}
	if c.tabCancel != nil {
		c.tabCancel()
	}
	if c.allocCancel != nil {
		c.allocCancel()
	}
	c.wg.Wait()
	if c.host != nil {
		c.released.Do(func() { c.cfg.Host.release(c.host) })
	}
}

// Bind returns a context for one step: derived from Chrome's life (so
// chromedp finds its tab and a crash cancels it), canceled when ctx is
// done, and bounded by d when d > 0.
func (c *Chrome) Bind(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	cctx, cancel := context.WithCancel(c.life)
	if d > 0 {
		var c2 context.CancelFunc
		cctx, c2 = context.WithTimeout(cctx, d)
		prev := cancel
		cancel = func() { c2(); prev() }
	}
	stop := context.AfterFunc(ctx, cancel)
	return cctx, func() { stop(); cancel() }
}
