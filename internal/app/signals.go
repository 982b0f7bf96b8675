package app

import (
	"context"
	"errors"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// Sentinel errors of an Input, for errors.Is.
var (
	// ErrInterrupted is what an Input returns for Ctrl+C at a prompt.
	ErrInterrupted = errors.New("interrupted")
	// ErrLiveKey is what a live read returns for Ctrl+O (take the
	// browser over); the line typed so far waits for the next read.
	ErrLiveKey = errors.New("ctrl+o")
)

const (
	sigInt  = "int"
	sigTerm = "term"
)

// interrupts turns SIGINT, SIGTERM and SIGHUP into values on a channel:
// SIGHUP (the terminal closed) stops the run like SIGTERM.
type interrupts struct {
	c    chan string
	raw  chan os.Signal
	done chan struct{}
}

func watchInterrupts() *interrupts {
	in := &interrupts{c: make(chan string, 4), raw: make(chan os.Signal, 4), done: make(chan struct{})}
	signal.Notify(in.raw, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		for {
			select {
			case <-in.done:
				return
			case s := <-in.raw:
				v := sigInt
				if s == syscall.SIGTERM || s == syscall.SIGHUP {
					v = sigTerm
				}
				select {
				case in.c <- v:
				default:
				}
			}
		}
	}()
	return in
}

func (in *interrupts) stop() {
	signal.Stop(in.raw)
	close(in.done)
}

// untilSignal returns ctx that also ends on SIGINT, SIGTERM or SIGHUP, for
// a read from a terminal in cooked mode (where Ctrl+C is a signal, not a
// key), and stop, which stops watching and turns the error of the read
// into the signal's: ErrInterrupted for SIGINT, io.EOF for the others.
func untilSignal(ctx context.Context) (context.Context, func(error) error) {
	ctx, cancel := context.WithCancelCause(ctx)
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	done := make(chan struct{})
	go func() {
		select {
		case s := <-sigs:
			cause := io.EOF
			if s == os.Interrupt {
				cause = ErrInterrupted
			}
			cancel(cause)
		case <-done:
		}
	}()
	return ctx, func(err error) error {
		signal.Stop(sigs)
		close(done)
		cause := context.Cause(ctx)
		cancel(nil)
		if err != nil && errors.Is(err, context.Canceled) && (errors.Is(cause, ErrInterrupted) || errors.Is(cause, io.EOF)) {
			return cause
		}
		return err
	}
}

// untilHangUp returns ctx for a read at a prompt between runs: it ends
// when SIGTERM or SIGHUP comes (the terminal closed, or a kill), which no
// run is waiting for then; stop ends the watch and reports whether the
// session was hung up. A SIGINT there is left to the read (a key on a
// terminal the program keeps raw, the read's own signal in cooked mode).
func (r *runEnv) untilHangUp(ctx context.Context) (context.Context, func() bool) {
	ctx, cancel := context.WithCancel(ctx)
	done, watched := make(chan struct{}), make(chan struct{})
	hung := false
	go func() {
		defer close(watched)
		for {
			select {
			case s := <-r.sigs.c:
				if s == sigTerm {
					hung = true
					cancel()
					return
				}
			case <-done:
				return
			}
		}
	}()
	var once sync.Once
	return ctx, func() bool {
		once.Do(func() {
			close(done)
			<-watched
			cancel()
			r.hungUp = r.hungUp || hung
		})
		return r.hungUp
	}
}
