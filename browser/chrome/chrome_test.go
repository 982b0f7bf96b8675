package chrome

import (
	"context"
	"io"
	"os"
	"testing"
	"time"

	"charm.land/log/v2"
)

// start launches a headless Chromium with a fresh profile, or skips.
func start(t *testing.T) *Chrome {
	t.Helper()
	c := New(Config{Path: chromium(t), ProfileDir: t.TempDir(), Headless: true, StepTimeout: 20 * time.Second,
		Logger: log.New(io.Discard)})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestStartClose: a started Chrome runs a process with the profile; Close
// ends it without calling it a crash.
func TestStartClose(t *testing.T) {
	c := start(t)
	if c.PID() <= 0 || c.Found().Path == "" || c.Dead() || c.Gone() {
		t.Fatalf("pid %d, found %+v, dead %v, gone %v", c.PID(), c.Found(), c.Dead(), c.Gone())
	}
	c.Close()
	if c.Dead() || !c.Closing() || !c.Gone() || c.Cause() != nil {
		t.Fatalf("after Close: dead %v closing %v gone %v cause %v", c.Dead(), c.Closing(), c.Gone(), c.Cause())
	}
}

// TestCrashDetected: a killed browser process ends Chrome's life with a
// cause, and a step bound to it is canceled.
func TestCrashDetected(t *testing.T) {
	c := start(t)
	defer c.Close()
	step, cancel := c.Bind(context.Background(), 0)
	defer cancel()
	p, err := os.FindProcess(c.PID())
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Kill(); err != nil {
		t.Fatal(err)
	}
	<-c.Life().Done()
	<-step.Done()
	c.CheckLost()
	if !c.Dead() || c.Cause() == nil {
		t.Fatalf("after the kill: dead %v, cause %v", c.Dead(), c.Cause())
	}
}
