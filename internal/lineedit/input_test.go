package lineedit

import (
	"context"
	"errors"
	"io"
	"os"
	"testing"
)

// TestInputDevices checks both devices: a read given up by its caller is
// handed to the next read, and close returns while a read is blocked.
func TestInputDevices(t *testing.T) {
	devices := map[string]func(*os.File) (device, error){
		"poll":     newDevice,
		"blocking": func(f *os.File) (device, error) { return blockingDevice{f}, nil },
	}
	for name, open := range devices {
		t.Run(name, func(t *testing.T) {
			r, w := newPipe(t)
			in := newInput(r)
			reading := make(chan struct{}, 8)
			in.openDevice = func(f *os.File) (device, error) {
				d, err := open(f)
				return signallingDevice{device: d, reading: reading}, err
			}
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() {
				_, err := in.read(ctx)
				done <- err
			}()
			<-reading // the goroutine is in its device read
			cancel()
			if err := <-done; !errors.Is(err, context.Canceled) {
				t.Fatalf("read = %v, want context.Canceled", err)
			}
			w.WriteString("abc")
			if b, err := in.read(context.Background()); err != nil || string(b) != "abc" {
				t.Fatalf("read after cancel = %q, %v; want %q", b, err, "abc")
			}
			ctx, cancel = context.WithCancel(context.Background())
			cancel()
			in.read(ctx) // leaves a read pending (the blocking device)
			if err := in.close(); err != nil {
				t.Fatalf("close: %v", err)
			}
			if _, err := in.read(context.Background()); !errors.Is(err, ErrClosed) {
				t.Fatalf("read after close = %v, want ErrClosed", err)
			}
			w.Close() // ends the blocked read of the blocking device
		})
	}
}

func TestInputEOF(t *testing.T) {
	r, w := newPipe(t)
	in := newInput(r)
	defer in.close()
	w.WriteString("x")
	w.Close()
	if b, err := in.read(context.Background()); err != nil || string(b) != "x" {
		t.Fatalf("read = %q, %v", b, err)
	}
	if _, err := in.read(context.Background()); err != io.EOF {
		t.Fatalf("read at end = %v, want io.EOF", err)
	}
}

// signallingDevice reports each read it starts and, when returned is set,
// each read that returns.
type signallingDevice struct {
	device
	reading  chan<- struct{}
	returned chan<- struct{}
}

func (d signallingDevice) read(p []byte) (int, error) {
	d.reading <- struct{}{}
	n, err := d.device.read(p)
	if d.returned != nil {
		d.returned <- struct{}{}
	}
	return n, err
}
