package chrome

import (
	"context"
	"errors"
	"io"
	"os"
	"testing"
	"time"

	"charm.land/log/v2"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// hostTab opens a tab of h, or fails.
func hostTab(t *testing.T, h *Host) *Chrome {
	t.Helper()
	c := New(Config{StepTimeout: 20 * time.Second, Logger: log.New(io.Discard), Host: h})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

// TestHostTabs: the tabs of a Host share one Chrome; a tab that is closed
// ends only that tab (its cause says so); Chrome outlives a closed tab and
// closes with the last one; a killed Chrome is relaunched for the next tab;
// a closed Host refuses tabs.
func TestHostTabs(t *testing.T) {
	h := NewHost(Config{Path: chromium(t), ProfileDir: t.TempDir(), Headless: true, StepTimeout: 20 * time.Second,
		Logger: log.New(io.Discard)})
	defer h.Close()
	a, b := hostTab(t, h), hostTab(t, h)
	if a.PID() == 0 || a.PID() != b.PID() || h.PID() != a.PID() || !a.Hosted() {
		t.Fatalf("tabs in Chrome %d and %d, host %d: not one shared Chrome", a.PID(), b.PID(), h.PID())
	}
	// Target.closeTarget on a's tab, from b's connection.
	id := chromedp.FromContext(a.Tab()).Target.TargetID
	step, cancel := b.Bind(context.Background(), 0)
	if _, err := chromedp.CallBrowser(step, target.CloseTarget, target.CloseTargetParams{TargetID: id}); err != nil {
		t.Fatal(err)
	}
	cancel()
	<-a.Life().Done()
	a.CheckLost()
	if !a.Dead() || a.Cause() == nil || b.Gone() {
		t.Fatalf("after a's tab closed: a dead %v (%v), b gone %v", a.Dead(), a.Cause(), b.Gone())
	}
	pid := h.PID()
	a.Close()
	if h.PID() != pid || b.Gone() {
		t.Fatal("Chrome did not outlive a closed tab")
	}
	b.Close()
	if h.PID() != 0 {
		t.Fatal("Chrome runs on after its last tab closed")
	}

	c := hostTab(t, h)
	p, err := os.FindProcess(c.PID())
	if err != nil || c.PID() == pid {
		t.Fatalf("the next tab did not launch a fresh Chrome (pid %d, before %d): %v", c.PID(), pid, err)
	}
	if err := p.Kill(); err != nil {
		t.Fatal(err)
	}
	<-c.Life().Done()
	d := hostTab(t, h)
	if d.PID() == 0 || d.PID() == c.PID() {
		t.Fatalf("after Chrome was killed the next tab runs in %d (the killed one was %d)", d.PID(), c.PID())
	}
	h.Close()
	e := New(Config{StepTimeout: time.Second, Logger: log.New(io.Discard), Host: h})
	if err := e.Start(context.Background()); !errors.Is(err, ErrHostClosed) {
		t.Fatalf("a tab of a closed Host: %v, want ErrHostClosed", err)
	}
}
