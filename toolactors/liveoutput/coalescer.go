package liveoutput

import (
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/wtagent/wtagent/messages"
)

// Coalescer coalesces the live output of tools and dev servers into at
// most one event per stream every interval, holding at most limit bytes
// per stream between flushes (the newest chunks; what is skipped is said).
// A command printing hundreds of megabytes then costs the UI a few events a
// second, not one per chunk; the full output is in the spool.
type Coalescer struct {
	mu       sync.Mutex
	pending  map[Key]*outputBuf
	timer    *time.Timer
	interval time.Duration
	limit    int
	publish  func(Key, string)
	stopped  bool
}

// Key is one stream of live output: a call's or a dev server's stdout or
// stderr.
type Key struct {
	CallID, ProcessID string
	Stream            messages.ToolStream
}

type outputBuf struct {
	data    []byte
	skipped int
}

// New returns a Coalescer that publishes each stream's pending output
// every interval, holding at most limit bytes of it.
func New(interval time.Duration, limit int, publish func(Key, string)) *Coalescer {
	return &Coalescer{pending: map[Key]*outputBuf{}, interval: interval, limit: limit, publish: publish}
}

// Add takes a chunk (copied; the caller may reuse it). It never blocks on
// the UI.
func (l *Coalescer) Add(o messages.ToolOutput) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.stopped {
		return
	}
	k := Key{CallID: o.CallID, ProcessID: o.ProcessID, Stream: o.Stream}
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

// FlushCall publishes what is pending for one call now, so its output is
// shown before its result.
func (l *Coalescer) FlushCall(callID string) {
	if l == nil {
		return
	}
	l.mu.Lock()
	out := map[Key]*outputBuf{}
	for k, b := range l.pending {
		if k.CallID == callID {
			out[k] = b
			delete(l.pending, k)
		}
	}
	l.mu.Unlock()
	l.publishAll(out)
}

// flush publishes what is pending.
func (l *Coalescer) flush() {
	l.mu.Lock()
	out := l.pending
	l.pending = map[Key]*outputBuf{}
	l.timer = nil
	l.mu.Unlock()
	l.publishAll(out)
}

func (l *Coalescer) publishAll(out map[Key]*outputBuf) {
	for _, k := range sortedKeys(out) {
		b := out[k]
		text := string(b.data)
		if b.skipped > 0 {
			text = fmt.Sprintf("[… %d bytes of live output not shown; all of it is in tool-output.jsonl …]\n", b.skipped) + text
		}
		l.publish(k, text)
	}
}

// Stop flushes and refuses more output.
func (l *Coalescer) Stop() {
	l.mu.Lock()
	l.stopped = true
	if l.timer != nil {
		l.timer.Stop()
	}
	l.mu.Unlock()
	l.flush()
}

// sortedKeys orders stdout before stderr per call, for a stable display.
func sortedKeys(m map[Key]*outputBuf) []Key {
	keys := make([]Key, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		if a.CallID != b.CallID {
			return a.CallID < b.CallID
		}
		if a.ProcessID != b.ProcessID {
			return a.ProcessID < b.ProcessID
		}
		return a.Stream > b.Stream
	})
	return keys
}
