package browser

import (
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
)

// TestBrokenStreamFallbacksChromium: a stream that breaks off mid-reply
// and that the page does not continue is recovered in the page's own
// order, through real Chromium, and the reply says which path gave it:
// while the turn still streams (stream_status IS_STREAMING) the watcher's
// own resume POST carries the rest (network_resume); once the turn ended
// server-side and no resume is offered, the conversation document
// (conversation_json); with no document either, the page's rendering
// (copy). The page meanwhile shows the partial text as finished (the
// first two cases): it is never returned.
func TestBrokenStreamFallbacksChromium(t *testing.T) {
	long := strings.Repeat("a reply that breaks off half way ", 12) + "and ends here."
	const half = "Half of the answer, then the rest."
	cases := []struct {
		name   string
		line   model.ScriptLine
		noPage bool // the page does not resume (NoPageResume)
		opt    func(*Options)
		hold   bool // hold the reply server-side until the watcher resumed it
		limit  int  // rate-limit the reads for this many seconds (ReadRetryAfter)
		want   string
		src    event.ReplySource
	}{
		{"stream_status then resume", model.ScriptLine{Reply: long, Fault: mockchat.FaultCut, StreamMS: 3}, true, nil, true, 0, long, event.SourceResume},
		{"the conversation document", model.ScriptLine{Reply: half, SSE: rawFixture(t, "cut", "a10"), StreamMS: 2}, true, nil, false, 0, half, event.SourceConversation},
		// A rate-limited read of the document is read again after the
		// wait, never replaced by the page's partial text.
		{"the rate-limited conversation document", model.ScriptLine{Reply: half, SSE: rawFixture(t, "cut", "a10"), StreamMS: 2}, true, nil, false, 1, half, event.SourceConversation},
		{"the page", model.ScriptLine{Reply: half, SSE: rawFixture(t, "cut", "a10"), StreamMS: 2}, false, func(o *Options) { o.noDoc = true }, false, 0, half, event.SourceCopy},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv, url := newMock(t, mockchat.Options{LoggedIn: true, NoPageResume: c.noPage, ReadRetryAfter: c.limit, Script: script(c.line)})
			release := func() {}
			if c.hold {
				release = srv.HoldStream(1)
				defer release()
			}
			tr := shared.use(t, url, c.opt)
			ctx := ctxFor(t, 2*time.Minute)
			b, err := tr.Send(ctx, messages.Outbound{Turn: 1, Text: "break off: " + c.name})
			if err != nil {
				t.Fatal(err)
			}
			type result struct {
				r   event.Reply
				err error
			}
			got := make(chan result, 1)
			go func() {
				r, err := tr.Await(ctx, b, nil)
				got <- result{r, err}
			}()
			if c.hold {
				// The watcher's resume reaches the server while the reply is
				// held half way; then the reply goes on.
				if err := srv.WaitStreams(ctx, 1, 2); err != nil {
					t.Fatal(err)
				}
				release()
			}
			res := <-got
			if res.err != nil {
				t.Fatalf("Await: %v", res.err)
			}
			if res.r.Text != c.want || res.r.Source != c.src {
				t.Fatalf("reply %q from %s, want %q from %s", res.r.Text, res.r.Source, c.want, c.src)
			}
			if n := len(srv.Received()); n != 1 {
				t.Fatalf("%d messages received, want 1", n)
			}
			if n := srv.ReadsLimited(); (c.limit > 0) != (n > 0) {
				t.Fatalf("%d reads refused with a limit of %d s", n, c.limit)
			}
		})
	}
}
