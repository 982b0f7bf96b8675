package browser

import (
	"strings"
	"sync"
	"testing"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/model"
)

// TestRateLimitedReadWaitsAsAsked: the page's conversation reads are
// rate-limited for three seconds (429 with Retry-After and the body's
// clears_in) once the message is in; on the DOM path (which reads the
// document) the adapter holds its reads for as long as the response asks
// and says so on the status line (the discriminating check: without the
// wait there is no such line), no read is refused twice, and the turn
// completes with the exact reply.
func TestRateLimitedReadWaitsAsAsked(t *testing.T) {
	srv, url := newMock(t, mockchat.Options{LoggedIn: true, ReadRetryAfter: 3, Script: script(model.ScriptLine{Reply: "after the wait"})})
	var mu sync.Mutex
	var notes []string
	tr := shared.use(t, url, func(o *Options) {
		o.domOnly = true
		o.Progress = func(s string) { mu.Lock(); notes = append(notes, s); mu.Unlock() }
	})
	_, r := roundTrip(t, tr, 1, "hi")
	if r.Text != "after the wait" {
		t.Fatalf("reply %q", r.Text)
	}
	if n := srv.ReadsLimited(); n != 1 {
		t.Errorf("%d reads were refused, want 1: the next read waits as long as the response asked", n)
	}
	mu.Lock()
	defer mu.Unlock()
	if !strings.Contains(strings.Join(notes, "\n"), "ChatGPT limits conversation reads: waiting 3s, as it asks, before reading turn 1 again") {
		t.Errorf("no status line about the wait: %q", notes)
	}
}
