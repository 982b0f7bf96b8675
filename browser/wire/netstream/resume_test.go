package netstream

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/cdproto/network"

	"github.com/wtagent/wtagent/browser/wire/sse"
	"github.com/wtagent/wtagent/browser/wire/wiretest"
)

// TestResumeFromZeroGetsAFreshDecoder: after a completed hand-off the page
// resumes at offset 0 and the server replays the turn from its start: the
// replay is read by a fresh decoder, so the reply is exact and the event
// count (the offset of a later resume) is the replay's own; a resume from
// the page's offset continues the same decoder.
func TestResumeFromZeroGetsAFreshDecoder(t *testing.T) {
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join(sse2026, name+".sse"))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	post, replay, rest := read("handoff"), read("handoff-replay"), read("handoff-resume")
	for _, tc := range []struct {
		name   string
		offset int
		body   []byte
		events int
	}{
		{"offset 0 replays the turn", 0, replay, wiretest.Feed[sse.Parser](string(replay)).Events()},
		{"the page's offset continues it", wiretest.Feed[sse.Parser](string(post)).Events(), rest, wiretest.Feed[sse.Parser](string(post)).Events() + wiretest.Feed[sse.Parser](string(rest)).Events()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := New(func(func(context.Context)) {})
			n.streams["post"] = &netStream{ID: "post", Seq: 1, parser: &sse.Parser{}, Streaming: true}
			n.Handle(&network.EventDataReceived{RequestID: "post", Data: post})
			if v, _ := n.Get("post"); !v.Result.Handoff || !v.Result.Ended || v.Result.Finished {
				t.Fatalf("after the hand-off: %+v", v.Result)
			}
			resume := &netStream{ID: "resume", Seq: 2, Resume: true, ConvID: "c5", Offset: tc.offset, parser: &sse.Parser{}, Streaming: true}
			n.mu.Lock()
			n.streams["resume"] = resume
			n.linkResume(resume)
			n.mu.Unlock()
			n.Handle(&network.EventDataReceived{RequestID: "resume", Data: tc.body})
			v, _ := n.Get("post")
			if got := n.Text("post"); got != "By induction on n, QED." || !v.Result.Finished || v.Result.TopicID != "conversation-turn-tx5" {
				t.Fatalf("text %q, %+v", got, v.Result)
			}
			if v.Result.Events != tc.events {
				t.Fatalf("%d events counted, want %d (the next resume's offset)", v.Result.Events, tc.events)
			}
		})
	}
}
