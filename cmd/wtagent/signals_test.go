//go:build linux

package main

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"syscall"
	"testing"
)

// TestSignalContext: a signal ends the context with a cause naming it
// (a context.Canceled, as signal.NotifyContext's); after release a signal
// leaves the context live (the run's own handler gets it), and cancel ends
// it with a plain context.Canceled.
func TestSignalContext(t *testing.T) {
	ctx, _, cancel := signalContext(t.Context(), syscall.SIGUSR1)
	defer cancel()
	if err := syscall.Kill(os.Getpid(), syscall.SIGUSR1); err != nil {
		t.Fatal(err)
	}
	<-ctx.Done()
	cause := context.Cause(ctx)
	if cause == nil || cause.Error() != "user defined signal 1 signal received" || !errors.Is(cause, context.Canceled) || cause == context.Canceled {
		t.Fatalf("cause %v", cause)
	}
	if got := interrupted(ctx, context.Canceled); !errors.Is(got, cause) {
		t.Fatalf("interrupted: %v, want the signal's cause", got)
	}

	// After release the run watches the signal itself.
	own := make(chan os.Signal, 1)
	signal.Notify(own, syscall.SIGUSR2)
	defer signal.Stop(own)
	ctx, release, cancel := signalContext(t.Context(), syscall.SIGUSR2)
	release()
	if err := syscall.Kill(os.Getpid(), syscall.SIGUSR2); err != nil {
		t.Fatal(err)
	}
	<-own
	if ctx.Err() != nil {
		t.Fatalf("a released context ended: %v", context.Cause(ctx))
	}
	cancel()
	if context.Cause(ctx) != context.Canceled {
		t.Fatalf("cancel: cause %v", context.Cause(ctx))
	}
	if got := interrupted(ctx, context.Canceled); got != context.Canceled {
		t.Fatalf("interrupted without a signal: %v", got)
	}
}
