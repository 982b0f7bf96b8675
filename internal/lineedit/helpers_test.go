package lineedit

import (
	"context"
	"testing"
	"time"
)

// waitLimit bounds every wait for the editor; it is a deadlock guard, not a
// timing assertion.
const waitLimit = 3 * time.Minute

// result is what a ReadLine or ReadKey call returned.
type result struct {
	line string
	key  rune
	err  error
}

func readLineAsync(ctx context.Context, e *Editor) <-chan result {
	ch := make(chan result, 1)
	go func() {
		line, err := e.ReadLine(ctx)
		ch <- result{line: line, err: err}
	}()
	return ch
}

// readLineLiveAsync is readLineAsync for ReadLineLive.
func readLineLiveAsync(ctx context.Context, e *Editor) <-chan result {
	ch := make(chan result, 1)
	go func() {
		line, err := e.ReadLineLive(ctx)
		ch <- result{line: line, err: err}
	}()
	return ch
}

func readKeyAsync(ctx context.Context, e *Editor, prompt, keys string) <-chan result {
	ch := make(chan result, 1)
	go func() {
		r, err := e.ReadKey(ctx, prompt, keys)
		ch <- result{key: r, err: err}
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
