package actors

import (
	"fmt"
	"sort"
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

// flushCall publishes what is pending for one call now, so its output is
// shown before its result.
func (l *liveOutput) flushCall(callID string) {
	if l == nil {
		return
	}
	l.mu.Lock()
	out := map[outputKey]*outputBuf{}
	for k, b := range l.pending {
		if k.callID == callID {
			out[k] = b
			delete(l.pending, k)
		}
	}
	l.mu.Unlock()
	l.publishAll(out)
}

// flush publishes what is pending.
func (l *liveOutput) flush() {
	l.mu.Lock()
	out := l.pending
	l.pending = map[outputKey]*outputBuf{}
	l.timer = nil
	l.mu.Unlock()
	l.publishAll(out)
}

func (l *liveOutput) publishAll(out map[outputKey]*outputBuf) {
	for _, k := range sortedKeys(out) {
		b := out[k]
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

// sortedKeys orders stdout before stderr per call, for a stable display.
func sortedKeys(m map[outputKey]*outputBuf) []outputKey {
	keys := make([]outputKey, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		if a.callID != b.callID {
			return a.callID < b.callID
		}
		if a.processID != b.processID {
			return a.processID < b.processID
		}
		return a.stream > b.stream
	})
	return keys
}
