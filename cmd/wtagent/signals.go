package main

import (
	"context"
	"os"
	"os/signal"
	"sync"
)

// signalContext returns a context that the first of signals ends, with a
// cause naming it (which Is context.Canceled, as signal.NotifyContext's
// is); from then on the signals act as they would without it, so a second
// Ctrl+C stops a command that does not watch its context. release stops
// the watch and leaves ctx live: a command that handles the signals
// itself (a run, which tells Ctrl+C at a prompt from Ctrl+C in a turn)
// goes on under ctx. cancel releases and ends ctx.
func signalContext(parent context.Context, signals ...os.Signal) (ctx context.Context, release, cancel func()) {
	ctx, end := context.WithCancelCause(parent)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, signals...)
	released := make(chan struct{})
	var once sync.Once
	release = func() {
		once.Do(func() {
			signal.Stop(ch)
			close(released)
		})
	}
	go func() {
		select {
		case s := <-ch:
			release()
			end(signalError(s.String() + " signal received"))
		case <-released:
		}
	}()
	return ctx, release, func() { release(); end(nil) }
}

// signalError is the cause of a context a signal ended.
type signalError string

func (s signalError) Error() string { return string(s) }

// Is makes a signal's cause a context.Canceled, as a plain cancel's is.
func (s signalError) Is(target error) bool { return target == context.Canceled }
