package lineedit

import (
	"context"
	"os"
	"testing"
	"time"
)

// waitLimit bounds every wait for the reader; it is a deadlock guard, not a
// timing assertion.
const waitLimit = 3 * time.Minute

// result is what a ReadLine call returned.
type result struct {
	line string
	err  error
}

// newPipe returns a pipe whose read end feeds a Reader, closed at the end
// of the test.
func newPipe(t *testing.T) (r, w *os.File) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close(); w.Close() })
	return r, w
}

// signalReads makes rd's device report each read it starts on the
// returned channel.
func signalReads(rd *Reader) <-chan struct{} {
	reading := make(chan struct{}, 8)
	rd.in.openDevice = func(f *os.File) (device, error) {
		d, err := newDevice(f)
		return signallingDevice{device: d, reading: reading}, err
	}
	return reading
}

func readLineAsync(ctx context.Context, rd *Reader, prompt string) <-chan result {
	ch := make(chan result, 1)
	go func() {
		line, err := rd.ReadLine(ctx, prompt)
		ch <- result{line: line, err: err}
	}()
	return ch
}

func await(t *testing.T, ch <-chan result) result {
	t.Helper()
	select {
	case r := <-ch:
		return r
	case <-time.After(waitLimit):
		t.Fatal("the call did not return")
		return result{}
	}
}
