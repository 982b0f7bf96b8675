package browser

import (
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
)

// TestReplyFaults covers the page's error and limit states during a turn.
func TestReplyFaults(t *testing.T) {
	for _, tc := range []struct {
		name  string
		line  model.ScriptLine
		want  error
		kind  messages.ModelFailure
		state event.ModelState
	}{
		{"rate limit", model.ScriptLine{Reply: "later", Fault: mockchat.FaultRateLimit}, model.ErrRateLimit, messages.FailRateLimit, event.ModelRateLimited},
		{"too long", model.ScriptLine{Fault: mockchat.FaultTooLong}, model.ErrTooLong, messages.FailTooLong, ""},
		{"empty", model.ScriptLine{Reply: "unused", Fault: mockchat.FaultEmpty}, model.ErrEmpty, messages.FailEmpty, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, url := newMock(t, mockchat.Options{LoggedIn: true, Script: script(tc.line)})
			tr := shared.use(t, url, nil)
			st := newStates()
			tr.state = st.record
			ctx := ctxFor(t, hangGuard)
			b, err := tr.Send(ctx, messages.Outbound{Turn: 1, Text: "hello"})
			if err != nil {
				t.Fatalf("Send: %v", err)
			}
			_, err = tr.Await(ctx, b, nil)
			if !errors.Is(err, tc.want) || model.Failure(err) != tc.kind {
				t.Fatalf("Await: %v (kind %s), want %v (%s)", err, model.Failure(err), tc.want, tc.kind)
			}
			if tc.state != "" {
				st.wait(t, tc.state, hangGuard)
			}
		})
	}
}

// TestReplyRefused: a reply whose stream carries a moderation event with
// blocked true ends the turn refused (model.ErrRefused, FailRefused) with
// the page's policy notice, once the stream ended — no empty-reply wait;
// without the stream (DOM only) the notice alone says so. A flagged reply
// that is not blocked is returned as usual.
func TestReplyRefused(t *testing.T) {
	for _, tc := range []struct {
		name   string
		gen    string
		opts   func(*Options)
		stream bool // the refusal comes from the stream (a moderation id)
	}{
		{"stream", "", nil, true},
		{"dom", "", func(o *Options) { o.domOnly = true }, false},
		{"dom 2025", mockchat.DOM2025, func(o *Options) { o.domOnly = true }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, url := newMock(t, mockchat.Options{LoggedIn: true, DOM: tc.gen, Script: script(
				model.ScriptLine{Reply: "removed", Fault: mockchat.FaultBlocked},
				model.ScriptLine{Reply: "A careful answer.", Fault: mockchat.FaultFlagged})})
			tr := shared.use(t, url, tc.opts)
			ctx := ctxFor(t, hangGuard)
			b, err := tr.Send(ctx, messages.Outbound{Turn: 1, Text: "hello"})
			if err != nil {
				t.Fatalf("Send: %v", err)
			}
			_, err = tr.Await(ctx, b, nil)
			var re *RefusedError
			if !errors.Is(err, model.ErrRefused) || model.Failure(err) != messages.FailRefused || !errors.As(err, &re) {
				t.Fatalf("Await: %v (kind %s), want a refusal", err, model.Failure(err))
			}
			if re.Turn != 1 || !re.Reply || strings.HasPrefix(re.ModerationID, "modr-") != tc.stream ||
				re.Notice != "This content may violate our usage policies." {
				t.Fatalf("refusal %+v", re)
			}
			if !strings.HasPrefix(err.Error(), "ChatGPT refused the request (its content policy): it blocked the reply to turn 1") {
				t.Fatalf("error text %q", err)
			}
			b, err = tr.Send(ctx, messages.Outbound{Turn: 2, Text: "again"})
			if err != nil {
				t.Fatalf("Send 2: %v", err)
			}
			r, err := tr.Await(ctx, b, nil)
			if err != nil || r.Text != "A careful answer." {
				t.Fatalf("flagged reply: %q %v", r.Text, err)
			}
		})
	}
}

// TestRetryAfterError: "Something went wrong" with no reply: Await finds
// the error card, clicks the page's retry button and returns the reply of
// the retry — on every generation (the 2026-09 card is a bare alert with
// an unlabelled button, found by structure: an inference until a real
// page shows one).
func TestRetryAfterError(t *testing.T) {
	reply := "second time lucky"
	for _, gen := range mockchat.Generations() {
		t.Run(gen, func(t *testing.T) {
			srv, url := newMock(t, mockchat.Options{LoggedIn: true, DOM: gen, Script: script(model.ScriptLine{Reply: reply, Fault: mockchat.FaultErrorRetry})})
			tr := shared.use(t, url, nil)
			st := newStates()
			tr.state = st.record
			_, r := roundTrip(t, tr, 1, "please")
			if r.Text != reply {
				t.Fatalf("reply %q, want %q", r.Text, reply)
			}
			got := srv.Received()
			if len(got) != 2 || got[0].Action != "next" || got[1].Action != "variant" || got[1].MessageID != got[0].MessageID {
				t.Fatalf("received %+v, want the message and one retry of it", got)
			}
			if s := st.wait(t, event.ModelRecovering, hangGuard); !strings.Contains(s.Detail, "Something went wrong") {
				t.Fatalf("recovering %q does not quote the card", s.Detail)
			}
		})
	}
}

// TestModalDismissed: a #modal-beacon dialog over the composer is closed
// before the next message.
func TestModalDismissed(t *testing.T) {
	srv, url := newMock(t, mockchat.Options{LoggedIn: true, Script: script(
		model.ScriptLine{Reply: "first", Fault: mockchat.FaultModal},
		model.ScriptLine{Reply: "second"},
	)})
	tr := shared.use(t, url, nil)
	roundTrip(t, tr, 1, "one")
	s, _ := tr.live()
	if _, err := s.waitSnap(ctxFor(t, hangGuard), hangGuard, func(p pageSnap) bool { return p.Modal }); err != nil {
		t.Fatalf("the mock showed no modal: %v", err)
	}
	_, r := roundTrip(t, tr, 2, "two")
	if r.Text != "second" || len(srv.Received()) != 2 {
		t.Fatalf("reply %q after the modal; received %d", r.Text, len(srv.Received()))
	}
}

// TestAdapterError: a DOM without a control the adapter cannot do
// without (a send control it can find) is an adapter error with a
// snapshot and a screenshot on disk, never a model error. (A broken
// message locator no longer is one: the send is confirmed by its POST.)
func TestAdapterError(t *testing.T) {
	srv, url := newMock(t, mockchat.Options{LoggedIn: true, Script: script(model.ScriptLine{Reply: "x"})})
	if err := srv.BreakLocator(mockchat.LocatorSendButton); err != nil {
		t.Fatal(err)
	}
	tr := shared.use(t, url, func(o *Options) { o.StepTimeout, o.UploadTimeout = 1500*time.Millisecond, 1500*time.Millisecond })
	_, err := tr.Send(ctxFor(t, hangGuard), messages.Outbound{Turn: 1, Text: "hello"})
	if !errors.Is(err, model.ErrAdapter) || model.Failure(err) != messages.FailAdapter {
		t.Fatalf("Send: %v, want an adapter error", err)
	}
	var ae *AdapterError
	if !errors.As(err, &ae) {
		t.Fatalf("no *AdapterError in %v", err)
	}
	if ae.Locator != "send" || ae.Snapshot == "" || ae.Screenshot == "" || !strings.Contains(err.Error(), ae.Snapshot) {
		t.Fatalf("adapter error %+v", ae)
	}
	html, err := os.ReadFile(ae.Snapshot)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(html), `data-chatgpt-composer`) || strings.Contains(string(html), "mock-access-token") {
		t.Fatalf("snapshot lacks the page or holds the token (%d bytes)", len(html))
	}
	if png, err := os.ReadFile(ae.Screenshot); err != nil || len(png) < 8 || string(png[1:4]) != "PNG" {
		t.Fatalf("screenshot: %v (%d bytes)", err, len(png))
	}
}

// TestLocatorFallback: the composer lost its id; the next locator of the
// list finds the editor and the turn works. The page is pinned to DOM2025:
// the composer's id, the send button's testid and the turn testid are
// 2025 (and 2026-06) locators the 2026-09 page never had.
func TestLocatorFallback(t *testing.T) {
	srv, url := newMock(t, mockchat.Options{LoggedIn: true, DOM: mockchat.DOM2025, Script: script(model.ScriptLine{Reply: "fine"})})
	for _, l := range []string{mockchat.LocatorComposer, mockchat.LocatorSendButton, mockchat.LocatorTurn} {
		if err := srv.BreakLocator(l); err != nil {
			t.Fatal(err)
		}
	}
	tr := shared.use(t, url, nil)
	_, r := roundTrip(t, tr, 1, "line one\n\n\tline three")
	if r.Text != "fine" || srv.Received()[0].Text != "line one\n\n\tline three" {
		t.Fatalf("reply %q, received %q", r.Text, srv.Received()[0].Text)
	}
}
