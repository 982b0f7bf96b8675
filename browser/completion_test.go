package browser

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
)

// TestCompletion checks that Await returns the whole reply, never early:
// after the mock finished generating and flushed the last token, for
// short, long and slowly streamed replies, on the network path alone and
// on the DOM path alone (each without the other, so a loaded machine
// cannot let one path answer in the other's test).
func TestCompletion(t *testing.T) {
	slow := strings.Repeat("slow token ", 20) + "</agent_response>"
	long := replyWithCDATA(400)
	lines := []model.ScriptLine{
		{Reply: "ok"},
		{Reply: long},
		{Reply: slow, StreamMS: 25},
		{Reply: "after a think", DelayMS: 300},
		{Reply: "ignoring thoughts and web.run <done>true</done>", Fault: mockchat.FaultThoughts, StreamMS: 5},
	}
	for _, path := range []struct {
		name             string
		domOnly, netOnly bool
		source           event.ReplySource
	}{
		{"network", false, true, event.SourceNetwork},
		{"dom", true, false, event.SourceConversation},
	} {
		t.Run(path.name, func(t *testing.T) {
			srv, url := newMock(t, mockchat.Options{LoggedIn: true, FlashActionBar: true, Script: script(lines...)})
			tr := shared.use(t, url, func(o *Options) { o.domOnly, o.netOnly = path.domOnly, path.netOnly })
			for i, l := range lines {
				var progress []string
				ctx := ctxFor(t, hangGuard)
				b, err := tr.Send(ctx, messages.Outbound{Turn: i + 1, Text: "message " + string(rune('A'+i))})
				if err != nil {
					t.Fatalf("turn %d: Send: %v", i+1, err)
				}
				r, err := tr.Await(ctx, b, func(s string) { progress = append(progress, s) })
				returned := time.Now()
				if err != nil {
					t.Fatalf("turn %d: Await: %v", i+1, err)
				}
				if r.Text != l.Reply {
					t.Fatalf("turn %d: reply differs (source %s): %s", i+1, r.Source, firstDiff(r.Text, l.Reply))
				}
				if r.Source != path.source {
					t.Errorf("turn %d: source %s, want %s", i+1, r.Source, path.source)
				}
				st := srv.Stats().Messages
				if len(st) != i+1 {
					t.Fatalf("turn %d: the mock started %d replies", i+1, len(st))
				}
				m := st[i]
				if m.Completed.IsZero() || m.Completed.After(returned) || m.LastToken.IsZero() || m.LastToken.After(returned) {
					t.Fatalf("turn %d: Await returned at %s, before the mock finished (completed %s, last token %s)",
						i+1, returned.Format(time.StampMicro), m.Completed.Format(time.StampMicro), m.LastToken.Format(time.StampMicro))
				}
				if r.MessageID != m.MessageID {
					t.Errorf("turn %d: reply id %s, want %s", i+1, r.MessageID, m.MessageID)
				}
				for _, p := range progress {
					if !strings.HasPrefix(l.Reply, p) && path.name == "network" {
						t.Errorf("turn %d: progress %q is not a prefix of the reply", i+1, p)
					}
				}
			}
		})
	}
}

// TestCutStream: the page's stream breaks off without [DONE]; the page
// resumes it, and the reply completes exactly.
func TestCutStream(t *testing.T) {
	reply := strings.Repeat("word ", 60) + "end"
	srv, url := newMock(t, mockchat.Options{LoggedIn: true, Script: script(model.ScriptLine{Reply: reply, Fault: mockchat.FaultCut, StreamMS: 5})})
	tr := shared.use(t, url, nil)
	_, r := roundTrip(t, tr, 1, "cut me")
	if r.Text != reply {
		t.Fatalf("reply differs (source %s): %s", r.Source, firstDiff(r.Text, reply))
	}
	if st := srv.Stats(); st.Sends != 1 || st.Streams < 2 {
		t.Errorf("sends %d streams %d: want one POST and a resume", st.Sends, st.Streams)
	}
}

// TestStaleReplyRejected: a binding whose previous assistant id is the
// newest reply has no reply yet; Await must not return the old one.
func TestStaleReplyRejected(t *testing.T) {
	_, url := newMock(t, mockchat.Options{LoggedIn: true, Script: script(model.ScriptLine{Reply: "the only reply"})})
	tr := shared.use(t, url, nil)
	b, r := roundTrip(t, tr, 1, "hi")
	// Only the stale Await, which can never end otherwise, gets a short
	// turn timeout: its expiry is the outcome under test.
	tr.mu.Lock()
	tr.opts.TurnTimeout = time.Second
	tr.mu.Unlock()
	stale := b
	stale.PrevAssistantID = r.MessageID
	_, err := tr.Await(ctxFor(t, hangGuard), stale, nil)
	if !errors.Is(err, model.ErrTimeout) {
		t.Fatalf("Await with a stale binding: %v, want a timeout (fail closed)", err)
	}
}

// TestReadFallbacks: without the stream and the conversation document the
// reply is read through the copy action, and without that by walking the
// rendered DOM.
func TestReadFallbacks(t *testing.T) {
	reply := "Plain words, **bold** and `code`.\n\n- one\n- two\n\n```xml\n<agent_response>\n  <done>true</done>\n</agent_response>\n```"
	for _, tc := range []struct {
		name   string
		broken string
		source event.ReplySource
	}{
		{"copy", "", event.SourceCopy},
		{"dom walk", mockchat.LocatorCopyButton, event.SourceDOM},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv, url := newMock(t, mockchat.Options{LoggedIn: true, Script: script(model.ScriptLine{Reply: reply})})
			if tc.broken != "" {
				if err := srv.BreakLocator(tc.broken); err != nil {
					t.Fatal(err)
				}
			}
			tr := shared.use(t, url, func(o *Options) { o.domOnly, o.noDoc = true, true })
			_, r := roundTrip(t, tr, 1, "hi")
			if r.Source != tc.source || r.Text != reply {
				t.Fatalf("source %s: %s", r.Source, firstDiff(r.Text, reply))
			}
		})
	}
}
