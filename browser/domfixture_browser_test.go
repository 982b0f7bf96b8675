package browser

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/wtagent/wtagent/browser/mockchat"
)

// TestDOMFixtures loads static pages of each generation (testdata/dom) in
// real Chromium and checks what the page helper reads from them: the
// generation, the bound reply (never the commentary before the answer:
// while only commentary shows, the reply has no text yet), the DOM walk,
// the stop and send controls, the rate-limit modal by testid, the
// Chat/Work switch, a challenge widget that is a challenge only without
// the app shell, and the inferred 2026-09 error card: an alert standing in
// place of the answer is one (in any language, its button the Retry),
// an alert beside an answer is not.
func TestDOMFixtures(t *testing.T) {
	srv := httptest.NewServer(http.FileServer(http.Dir("testdata/dom")))
	t.Cleanup(srv.Close)
	_, url := newMock(t, mockchat.Options{LoggedIn: true})
	tr := shared.use(t, url, nil)
	tests := []struct {
		file      string
		gen       string
		replyID   string
		replyLen  int
		markdown  string
		stop      bool
		send      bool
		modal     string // the modal's kind, "" for none
		work      bool   // the Chat/Work switch is on Work
		challenge string
		notice    string // one of the page's alert texts
		card      string // the error card's kind, "" for none
	}{
		{file: "2025-answer.html", gen: "2025", replyID: "a1", replyLen: len("The answer."), markdown: "The answer."},
		{file: "2026-06-commentary.html", gen: "2026-06", replyID: "cm1", replyLen: 0, markdown: "", stop: true},
		{file: "2026-06-answer.html", gen: "2026-06", replyID: "a1", replyLen: len("The answer."), markdown: "The answer.", modal: "rate_limit"},
		{file: "2026-09-commentary.html", gen: "2026-09", replyID: "cm1", replyLen: 0, markdown: "", stop: true},
		{file: "2026-09-answer.html", gen: "2026-09", replyID: "a1", replyLen: len("The answer."), markdown: "The answer.", send: true, work: true, notice: "You have reached the Pro usage limit."},
		{file: "2026-09-error.html", gen: "2026-09", card: "error", notice: "Beim Erstellen der Antwort ist ein Fehler aufgetreten. Erneut versuchen"},
		{file: "challenge-widget.html", gen: "unknown", challenge: "widget"},
	}
	s, err := tr.live()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			if err := s.navigate(ctxFor(t, hangGuard), srv.URL+"/"+tc.file); err != nil {
				t.Fatal(err)
			}
			var g struct {
				Gen     string   `json:"gen"`
				Signals []string `json:"signals"`
			}
			pageCall(t, tr, &g, "generation")
			if g.Gen != tc.gen {
				t.Errorf("generation %q (signals %v), want %q", g.Gen, g.Signals, tc.gen)
			}
			var p pageSnap
			pageCall(t, tr, &p, "snap")
			if p.Challenge != tc.challenge {
				t.Errorf("challenge %q, want %q", p.Challenge, tc.challenge)
			}
			if tc.card == "" && p.Err != nil || tc.card != "" && (p.Err == nil || p.Err.Kind != tc.card || !p.Err.Retry) {
				t.Errorf("error card %+v, want kind %q with a retry", p.Err, tc.card)
			}
			if p.Stop != tc.stop || p.Send.Enabled != tc.send {
				t.Errorf("stop %t send %t, want %t and %t", p.Stop, p.Send.Enabled, tc.stop, tc.send)
			}
			var m modalInfo
			pageCall(t, tr, &m, "modalInfo")
			if m.Open != (tc.modal != "") || m.Kind != tc.modal {
				t.Errorf("modal %+v, want kind %q", m, tc.modal)
			}
			var cm struct {
				Present bool `json:"present"`
				Chat    bool `json:"chat"`
			}
			pageCall(t, tr, &cm, "chatMode")
			if cm.Present != tc.work || cm.Chat == tc.work {
				t.Errorf("chat mode %+v, want Work %t", cm, tc.work)
			}
			var inv inventory
			pageCall(t, tr, &inv, "inventory")
			if inv.Generation.Gen != tc.gen || (tc.notice != "") != (len(inv.Notices) > 0) || (tc.notice != "" && !slices.Contains(inv.Notices, tc.notice)) {
				t.Errorf("inventory: generation %q, notices %q, want %q", inv.Generation.Gen, inv.Notices, tc.notice)
			}
			if tc.replyID == "" {
				return
			}
			var st turnState
			pageCall(t, tr, &st, "watch", watchConfig{Key: "fixture", UserID: "u1"})
			if !st.UserFound || st.ID != tc.replyID || st.Len != tc.replyLen || st.N != 2 {
				t.Errorf("watched turn %+v, want reply %s (turn 2) of %d characters", st, tc.replyID, tc.replyLen)
			}
			var md *string
			pageCall(t, tr, &md, "markdown", tc.replyID)
			if md == nil || *md != tc.markdown {
				t.Errorf("DOM walk %v, want %q", md, tc.markdown)
			}
			var th threadInfo
			pageCall(t, tr, &th, "thread")
			if th.LastUser == nil || th.LastUser.ID != "u1" || th.LastUser.N != 1 || th.MaxN != 2 {
				t.Errorf("thread %+v (last user %+v)", th, th.LastUser)
			}
		})
	}
}
