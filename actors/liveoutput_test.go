package actors

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/wtagent/wtagent/messages"
)

func TestLiveOutputCoalescesAndBounds(t *testing.T) {
	var mu sync.Mutex
	got := map[outputKey][]string{}
	l := newLiveOutput(time.Hour, 100, func(k outputKey, text string) {
		mu.Lock()
		got[k] = append(got[k], text)
		mu.Unlock()
	})
	out := messages.ToolOutput{CallID: "c1", Stream: messages.StreamStdout}
	for i := 0; i < 10; i++ {
		out.Data = []byte("0123456789") // 100 bytes in all: fits
		l.add(out)
	}
	l.add(messages.ToolOutput{CallID: "c1", Stream: messages.StreamStderr, Data: []byte("err\n")})
	l.flush()
	k := outputKey{callID: "c1", stream: messages.StreamStdout}
	if len(got[k]) != 1 || got[k][0] != strings.Repeat("0123456789", 10) {
		t.Fatalf("stdout events %q, want one coalesced event", got[k])
	}
	if e := got[outputKey{callID: "c1", stream: messages.StreamStderr}]; len(e) != 1 || e[0] != "err\n" {
		t.Fatalf("stderr events %q", e)
	}
	// A flood keeps memory at the limit and says what it skipped.
	for i := 0; i < 1000; i++ {
		out.Data = []byte(strings.Repeat("x", 30))
		l.add(out)
	}
	out.Data = []byte("last line\n")
	l.add(out)
	l.stop()
	last := got[k][len(got[k])-1]
	if !strings.Contains(last, "bytes of live output not shown") || !strings.HasSuffix(last, "last line\n") || len(last) > 200 {
		t.Fatalf("flood event %q", last)
	}
	l.add(out) // after stop: dropped, no panic
}
