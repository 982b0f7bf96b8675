package browser

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
)

// TestLinearConversationReadChromium: the conversation document is read
// the way the 2026-09 page reads it, GET /backend-api/conversations/<id>
// (linear, newest turns), through real Chromium, and gives the exact reply
// (the stream ignored); commentary in the document is never the reply; a
// full read (to prove a message absent) reads the mapping document.
func TestLinearConversationReadChromium(t *testing.T) {
	var mu sync.Mutex
	var reqs []string
	const reply = "The answer, read from the linear document."
	srv, url := newMock(t, mockchat.Options{LoggedIn: true, Script: script(model.ScriptLine{Reply: reply, Fault: mockchat.FaultThoughts}),
		Logf: func(format string, args ...any) {
			mu.Lock()
			reqs = append(reqs, fmt.Sprintf(format, args...))
			mu.Unlock()
		}})
	tr := shared.use(t, url, func(o *Options) { o.domOnly = true })
	ctx := ctxFor(t, time.Minute)
	b, err := tr.Send(ctx, messages.Outbound{Turn: 1, Text: "read me linearly"})
	if err != nil {
		t.Fatal(err)
	}
	r, err := tr.Await(ctx, b, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Text != reply || r.Source != messages.SourceConversation {
		t.Fatalf("reply %q from %s", r.Text, r.Source)
	}
	conv := srv.Conversations()[0]
	// Where a message must be proved absent, the whole mapping is read.
	s, err := tr.live()
	if err != nil {
		t.Fatal(err)
	}
	for _, full := range []bool{false, true} {
		var doc convDoc
		if err := s.call(ctx, 15*time.Second, &doc, "conversation", conv, full); err != nil {
			t.Fatal(err)
		}
		if doc.Status != 200 || doc.Linear == full || !doc.findTurn(b.UserMessageID, "", "").Finished {
			t.Fatalf("full %v: status %d linear %v, turn %+v", full, doc.Status, doc.Linear, doc.findTurn(b.UserMessageID, "", ""))
		}
	}
	mu.Lock()
	defer mu.Unlock()
	want := "GET /backend-api/conversations/" + conv + "?include_has_versions=true&num_turns=10"
	for _, l := range reqs {
		if strings.Contains(l, want) {
			return
		}
	}
	t.Fatalf("no %q among the requests:\n%s", want, strings.Join(reqs, "\n"))
}
