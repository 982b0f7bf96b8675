package browser

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"

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
	if r.Text != reply || r.Source != event.SourceConversation {
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

// TestLinearReadPagesChromium: a linear read that leaves older turns out
// says so with page_info.has_previous_page (the mock's LinearTurns caps it
// at one turn): the page helper reports it partial, a turn on an earlier
// page is looked for in the whole document, where it is.
func TestLinearReadPagesChromium(t *testing.T) {
	srv, url := newMock(t, mockchat.Options{LoggedIn: true, LinearTurns: 1,
		Script: script(model.ScriptLine{Reply: "first answer"}, model.ScriptLine{Reply: "second answer"})})
	tr := shared.use(t, url, nil)
	b1, _ := roundTrip(t, tr, 1, "first question")
	roundTrip(t, tr, 2, "second question")
	ctx := ctxFor(t, time.Minute)
	s, err := tr.live()
	if err != nil {
		t.Fatal(err)
	}
	conv := srv.Conversations()[0]
	var linear, whole convDoc
	if err := s.call(ctx, 15*time.Second, &linear, "conversation", conv, false); err != nil {
		t.Fatal(err)
	}
	first := linear.findTurn(b1.UserMessageID, "", "")
	if !linear.Linear || !linear.Partial || first.UserFound || !linear.onEarlierPage(first) {
		t.Fatalf("linear read: linear %v partial %v, turn 1 %+v", linear.Linear, linear.Partial, first)
	}
	if err := s.call(ctx, 15*time.Second, &whole, "conversation", conv, true); err != nil {
		t.Fatal(err)
	}
	if got := whole.findTurn(b1.UserMessageID, "", ""); !got.Finished || got.Text != "first answer" || whole.onEarlierPage(got) {
		t.Fatalf("whole document: turn 1 %+v", got)
	}
}
