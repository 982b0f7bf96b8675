package liveoutput

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/wtagent/wtagent/messages"
)

func TestLiveOutputCoalescesAndBounds(t *testing.T) {
	var mu sync.Mutex
	got := map[Key][]string{}
	l := New(time.Hour, 100, func(k Key, text string) {
		mu.Lock()
		got[k] = append(got[k], text)
		mu.Unlock()
	})
	out := messages.ToolOutput{CallID: "c1", Stream: messages.StreamStdout}
	for i := 0; i < 10; i++ {
		out.Data = []byte("0123456789") // 100 bytes in all: fits
		l.Add(out)
	}
	l.Add(messages.ToolOutput{CallID: "c1", Stream: messages.StreamStderr, Data: []byte("err\n")})
	l.flush()
	k := Key{CallID: "c1", Stream: messages.StreamStdout}
	if len(got[k]) != 1 || got[k][0] != strings.Repeat("0123456789", 10) {
		t.Fatalf("stdout events %q, want one coalesced event", got[k])
	}
	if e := got[Key{CallID: "c1", Stream: messages.StreamStderr}]; len(e) != 1 || e[0] != "err\n" {
		t.Fatalf("stderr events %q", e)
	}
	// A flood keeps memory at the limit and says what it skipped.
	for i := 0; i < 1000; i++ {
		out.Data = []byte(strings.Repeat("x", 30))
		l.Add(out)
	}
	out.Data = []byte("last line\n")
	l.Add(out)
	l.Stop()
	last := got[k][len(got[k])-1]
	if !strings.Contains(last, "bytes of live output not shown") || !strings.HasSuffix(last, "last line\n") || len(last) > 200 {
		t.Fatalf("flood event %q", last)
	}
	l.Add(out) // after stop: dropped, no panic
}
