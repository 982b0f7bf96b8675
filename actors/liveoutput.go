package actors

import (
	"fmt"
	"sync"
	"time"

	"github.com/wtagent/wtagent/messages"
)

// liveOutput coalesces the live output of tools and dev servers into at
// most one event per stream every interval, holding at most limit bytes
// per stream between flushes (the newest chunks; what is skipped is said).
// A command printing hundreds of megabytes then costs the UI a few events a
// second, not one per chunk; the full output is in the spool.
type liveOutput struct {
	mu       sync.Mutex
	pending  map[outputKey]*outputBuf
	timer    *time.Timer
	interval time.Duration
	limit    int
	publish  func(outputKey, string)
	stopped  bool
}

type outputKey struct {
	callID, processID string
	stream            messages.ToolStream
}

type outputBuf struct {
	data    []byte
	skipped int
}

func newLiveOutput(interval time.Duration, limit int, publish func(outputKey, string)) *liveOutput {
	return &liveOutput{pending: map[outputKey]*outputBuf{}, interval: interval, limit: limit, publish: publish}
}

// add takes a chunk (copied; the caller may reuse it). It never blocks on
// the UI.
func (l *liveOutput) add(o messages.ToolOutput) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.stopped {
		return
	}
	k := outputKey{o.CallID, o.ProcessID, o.Stream}
	b := l.pending[k]
	if b == nil {
		b = &outputBuf{}
		l.pending[k] = b
	}
	if len(b.data)+len(o.Data) > l.limit {
		// Full: keep the newest chunk only, so a flood costs no copying.
		b.skipped += len(b.data)
		b.data = b.data[:0]
	}
	if len(o.Data) > l.limit {
		b.skipped += len(o.Data) - l.limit
		b.data = append(b.data, o.Data[len(o.Data)-l.limit:]...)
	} else {
		b.data = append(b.data, o.Data...)
	}
	if l.timer == nil {
		l.timer = time.AfterFunc(l.interval, l.flush)
	}
}

// flush publishes what is pending.
func (l *liveOutput) flush() {
	l.mu.Lock()
	out := l.pending
	l.pending = map[outputKey]*outputBuf{}
	l.timer = nil
	l.mu.Unlock()
	for k, b := range out {
		text := string(b.data)
		if b.skipped > 0 {
			text = fmt.Sprintf("[… %d bytes of live output not shown; all of it is in tool-output.jsonl …]\n", b.skipped) + text
		}
		l.publish(k, text)
	}
}

// stop flushes and refuses more output.
func (l *liveOutput) stop() {
	l.mu.Lock()
	l.stopped = true
	if l.timer != nil {
		l.timer.Stop()
	}
	l.mu.Unlock()
	l.flush()
}
