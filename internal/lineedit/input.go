package lineedit

import (
	"bytes"
	"context"
	"errors"
	"os"
	"sync"
)

// errWoken is a device read interrupted by wake.
var errWoken = errors.New("lineedit: read woken")

// device is the platform's way of reading the input file.
type device interface {
	// read blocks until input is available and reads it, or returns
	// errWoken once wake was called.
	read(p []byte) (int, error)
	// wake interrupts a blocked read; it is a no-op after close.
	wake()
	// interruptible reports whether wake really interrupts read.
	interruptible() bool
	close() error
}

// chunk is what one device read produced.
type chunk struct {
	data  []byte
	err   error
	woken bool
}

// input reads the Reader's input file in one goroutine, on demand: the
// goroutine reads only when a caller has asked for input, so between calls
// the bytes stay in the kernel's queue. A call that gives up (its context
// done) wakes the goroutine without losing anything: a read that had
// already completed is handed to the next call.
type input struct {
	f *os.File

	mu      sync.Mutex // guards started, closed and dev
	started bool
	closed  bool
	dev     device

	want   chan struct{}
	out    chan chunk
	done   chan struct{}
	exited chan struct{}

	// outstanding is set while the goroutine owes a chunk; it is used only
	// by read, which the Reader serialises.
	outstanding bool
	// openDevice opens the device; tests replace it to run the fallback.
	openDevice func(*os.File) (device, error)
}

func newInput(f *os.File) *input {
	return &input{
		f:      f,
		want:   make(chan struct{}),
		out:    make(chan chunk),
		done:   make(chan struct{}),
		exited: make(chan struct{}),

		openDevice: newDevice,
	}
}

// start opens the device and starts the goroutine on first use.
func (in *input) start() error {
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.closed {
		return ErrClosed
	}
	if in.started {
		return nil
	}
	dev, err := in.openDevice(in.f)
	if err != nil {
		return err
	}
	in.dev, in.started = dev, true
	go in.loop()
	return nil
}

// loop is the reader goroutine: one device read per demand.
func (in *input) loop() {
	defer close(in.exited)
	buf := make([]byte, 4096)
	for {
		select {
		case <-in.want:
		case <-in.done:
			return
		}
		n, err := in.dev.read(buf)
		c := chunk{data: bytes.Clone(buf[:n]), err: err}
		if errors.Is(err, errWoken) || (n == 0 && err == nil) {
			c = chunk{woken: true}
		}
		select {
		case in.out <- c:
		case <-in.done:
			return
		}
	}
}

// read returns the next input bytes. It returns ctx.Err() when ctx is done
// and ErrClosed after close.
func (in *input) read(ctx context.Context) ([]byte, error) {
	if err := in.start(); err != nil {
		return nil, err
	}
	for {
		if !in.outstanding {
			select {
			case in.want <- struct{}{}:
				in.outstanding = true
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-in.done:
				return nil, ErrClosed
			}
		}
		select {
		case c := <-in.out:
			in.outstanding = false
			if c.woken {
				continue
			}
			return c.data, c.err
		case <-ctx.Done():
			in.dev.wake()
			return nil, ctx.Err()
		case <-in.done:
			return nil, ErrClosed
		}
	}
}

// close stops the goroutine. With an interruptible device it waits for the
// goroutine to end; otherwise the goroutine ends when its blocked read
// returns.
func (in *input) close() error {
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.closed {
		return nil
	}
	in.closed = true
	close(in.done)
	if !in.started {
		return nil
	}
	in.dev.wake()
	if !in.dev.interruptible() {
		return nil
	}
	<-in.exited
	return in.dev.close()
}
