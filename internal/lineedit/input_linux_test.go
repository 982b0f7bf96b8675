package lineedit

import (
	"context"
	"os"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestCancelledReadLeavesInput checks that a cancelled call stops reading:
// input typed afterwards stays in the kernel until the next call, where
// (in cooked mode, between calls) another reader or the next call gets it.
func TestCancelledReadLeavesInput(t *testing.T) {
	r, w := newPipe(t)
	in := newInput(r)
	defer in.close()
	reading, returned := make(chan struct{}, 8), make(chan struct{}, 8)
	in.openDevice = func(f *os.File) (device, error) {
		d, err := newDevice(f)
		return signallingDevice{d, reading, returned}, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := in.read(ctx)
		done <- err
	}()
	<-reading
	cancel()
	<-done
	select { // the device read gives up
	case <-returned:
	case <-time.After(waitLimit):
		t.Fatal("the device read goes on after its call was cancelled")
	}
	w.WriteString("later")
	if n, err := unix.IoctlGetInt(int(r.Fd()), unix.TIOCINQ); err != nil || n != len("later") {
		t.Fatalf("%d bytes left in the pipe (%v), want %d: the cancelled read consumed input", n, err, len("later"))
	}
	if b, err := in.read(context.Background()); err != nil || string(b) != "later" {
		t.Fatalf("next read = %q, %v", b, err)
	}
}
