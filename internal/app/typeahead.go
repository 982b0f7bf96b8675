package app

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"strings"
	"sync"

	"github.com/wtagent/wtagent/internal/app/slash"
)

// liveReader reads a line while a run's live view goes on above it.
type liveReader interface {
	ReadLineLive(ctx context.Context) (string, error)
}

// typeAhead keeps the input reading while a run works: each line
// the user submits is queued for the model's next message; Ctrl+C is a
// pause (then a stop) like the signal. An approval question takes the
// terminal: ReadKey stops the line reading for its duration.
type typeAhead struct {
	in    Input
	live  liveReader
	queue func(id, text string)
	ctrlC func()
	// takeOver and handBack are /browser and /resume (or Enter on an
	// empty line while the browser is the user's).
	takeOver, handBack func()
	taken              bool

	mu     sync.Mutex
	cancel context.CancelFunc
	held   bool
	resume chan struct{}
}

// ReadKey implements ui.KeyReader: it holds the line reading, asks, and
// lets the reading go on.
func (t *typeAhead) ReadKey(ctx context.Context, prompt, keys string) (rune, error) {
	t.mu.Lock()
	t.held = true
	if t.cancel != nil {
		t.cancel()
	}
	t.mu.Unlock()
	k, err := t.in.ReadKey(ctx, prompt, keys)
	t.mu.Lock()
	t.held = false
	select {
	case t.resume <- struct{}{}:
	default:
	}
	t.mu.Unlock()
	return k, err
}

// run reads lines until ctx ends.
func (t *typeAhead) run(ctx context.Context) {
	for ctx.Err() == nil {
		lctx, cancel := context.WithCancel(ctx)
		t.mu.Lock()
		held := t.held
		t.cancel = cancel
		t.mu.Unlock()
		if held {
			cancel()
			select {
			case <-t.resume:
			case <-ctx.Done():
			}
			continue
		}
		line, err := t.live.ReadLineLive(lctx)
		cancel()
		switch {
		case ctx.Err() != nil:
			return
		case errors.Is(err, ErrInterrupted):
			t.ctrlC()
		case errors.Is(err, ErrLiveKey):
			t.submit("/browser")
		case err != nil:
			// Cancelled for an approval, or Ctrl+D: wait for the next
			// turn of the loop.
			if !errors.Is(err, context.Canceled) {
				return
			}
		default:
			t.submit(strings.TrimSpace(line))
		}
	}
}

func newQueueID() string {
	var b [6]byte
	rand.Read(b[:])
	return "q_" + hex.EncodeToString(b[:])
}

// submit acts on a line typed while the run works: /browser and /resume
// steer the takeover, other text is queued for the model.
func (t *typeAhead) submit(line string) {
	switch name, _, ok := slash.Parse(line); {
	case ok && name == "browser":
		t.taken = true
		t.takeOver()
	case ok && name == "resume", line == "" && t.taken:
		t.taken = false
		t.handBack()
	case line != "":
		t.queue(newQueueID(), line)
	}
}
