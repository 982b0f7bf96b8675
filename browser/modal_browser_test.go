package browser

import (
	"errors"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
)

// TestModalsGenerations: on each page generation, the beacon modal is
// dismissed before the next message, and the conversation-history
// rate-limit modal is dismissed and fails the next Send as a rate limit
// with the page's words (nothing is sent); the Send after it goes
// through. On the 2026-09 page started in Work mode, the adapter switches
// to Chat before sending.
func TestModalsGenerations(t *testing.T) {
	for _, gen := range mockchat.Generations() {
		t.Run(gen, func(t *testing.T) {
			srv, url := newMock(t, mockchat.Options{LoggedIn: true, DOM: gen, WorkMode: true, Script: script(
				model.ScriptLine{Reply: "first", Fault: mockchat.FaultModal},
				model.ScriptLine{Reply: "second", Fault: mockchat.FaultRateLimitModal},
				model.ScriptLine{Reply: "third"},
			)})
			tr := shared.use(t, url, nil)
			s, _ := tr.live()
			roundTrip(t, tr, 1, "one")
			if _, err := s.waitSnap(ctxFor(t, hangGuard), hangGuard, func(p pageSnap) bool { return p.Modal }); err != nil {
				t.Fatalf("the mock showed no modal: %v", err)
			}
			roundTrip(t, tr, 2, "two")
			var m modalInfo
			waitPage(t, tr, func() bool { pageCall(t, tr, &m, "modalInfo"); return m.Open })
			if m.Kind != "rate_limit" {
				t.Fatalf("modal %+v, want the rate-limit modal", m)
			}
			_, err := tr.Send(ctxFor(t, hangGuard), messages.Outbound{Turn: 3, Text: "three"})
			if !errors.Is(err, model.ErrRateLimit) || model.Failure(err) != messages.FailRateLimit || !strings.Contains(err.Error(), "Too many requests") {
				t.Fatalf("Send under the rate-limit modal: %v, want a rate limit with the page's words", err)
			}
			if n := len(srv.Received()); n != 2 {
				t.Fatalf("the mock received %d messages, want 2 (nothing sent under the modal)", n)
			}
			_, r := roundTrip(t, tr, 3, "three")
			if r.Text != "third" {
				t.Fatalf("reply %q after the modal", r.Text)
			}
			for i, rc := range srv.Received() {
				if strings.HasSuffix(rc.Model, "-wm") {
					t.Errorf("message %d went with the Work model %s", i+1, rc.Model)
				}
			}
		})
	}
}
