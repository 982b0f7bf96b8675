package browser

import (
	"fmt"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/chromedp/chromedp"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/model"
)

// pageEval evaluates a JavaScript expression of a string (or null) in the
// Transport's tab.
func pageEval(t testing.TB, tr *Transport, expr string) *string {
	t.Helper()
	s, err := tr.live()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := s.bind(ctxFor(t, hangGuard), 30*time.Second)
	defer cancel()
	out, err := chromedp.Run(ctx, chromedp.Evaluate[*string](expr))
	if err != nil {
		t.Fatalf("evaluate %s: %v", expr, err)
	}
	return out
}

// pageCall calls the page helper's fn in the Transport's tab.
func pageCall(t testing.TB, tr *Transport, out any, fn string, args ...any) {
	t.Helper()
	s, err := tr.live()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.call(ctxFor(t, hangGuard), 0, out, fn, args...); err != nil {
		t.Fatalf("page helper %s: %v", fn, err)
	}
}

// waitPage polls the page until ok (each poll is a page round trip; the
// hang guard ends a wait that never ends).
func waitPage(t testing.TB, tr *Transport, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(hangGuard)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatal("the page never reached the state")
		}
	}
}

// TestGenerationsChromium runs the adapter against each page generation
// the mock renders: a plain reply, a turn whose commentary (a tool call in
// its text) precedes the answer, and a reasoning turn with thoughts and
// web search. On the network path and on the DOM path alone (the copy
// action, no conversation document) every reply is the exact answer; the
// page helper's own reading of the answer (state and the DOM walk) is the
// answer, never the commentary; the generation is detected; the 2026-09
// primary button is never clicked while it is the voice button.
func TestGenerationsChromium(t *testing.T) {
	commentary := "Done: the answer is here. 42"
	for _, gen := range mockchat.Generations() {
		for _, path := range []struct {
			name   string
			dom    bool
			source event.ReplySource
		}{
			{"network", false, event.SourceNetwork},
			{"dom", true, event.SourceCopy},
		} {
			t.Run(gen+"/"+path.name, func(t *testing.T) {
				lines := []model.ScriptLine{
					{Reply: "A plain reply with `code`."},
					{Reply: commentary, SSE: rawFixture(t, "commentary", "a2"), StreamMS: 5},
					{Reply: "ignoring thoughts and web.run", Fault: mockchat.FaultThoughts, StreamMS: 5},
				}
				_, url := newMock(t, mockchat.Options{LoggedIn: true, DOM: gen, Script: script(lines...)})
				tr := shared.use(t, url, func(o *Options) { o.domOnly, o.noDoc = path.dom, path.dom })
				for i, l := range lines {
					_, r := roundTrip(t, tr, i+1, fmt.Sprintf("turn %d", i+1))
					if r.Text != l.Reply {
						t.Fatalf("turn %d: reply differs (source %s): %s", i+1, r.Source, firstDiff(r.Text, l.Reply))
					}
					if r.Source != path.source {
						t.Errorf("turn %d: source %s, want %s", i+1, r.Source, path.source)
					}
					// The page renders the end a moment after the stream
					// ended: wait for the finished bar, then read.
					waitPage(t, tr, func() bool {
						var md *string
						pageCall(t, tr, &md, "markdown", r.MessageID)
						return md != nil && *md == l.Reply
					})
					var st turnState
					pageCall(t, tr, &st, "watch", watchConfig{Key: "check", UserN: 2*i + 1})
					if want := len(l.Reply); st.ID != r.MessageID || st.Len == 0 || (l.SSE != "" && st.Len != want) {
						t.Errorf("turn %d: the page watches reply %s of %d characters, want %s (of %d)", i+1, st.ID, st.Len, r.MessageID, want)
					}
					var th threadInfo
					pageCall(t, tr, &th, "thread")
					if th.LastAssistant == nil || th.LastAssistant.ID != r.MessageID || th.LastUser == nil || th.LastUser.N != 2*i+1 {
						t.Errorf("turn %d: thread %+v (last user %+v, last assistant %+v), want the reply %s after user turn %d", i+1, th, th.LastUser, th.LastAssistant, r.MessageID, 2*i+1)
					}
				}
				var g struct {
					Gen     string   `json:"gen"`
					Signals []string `json:"signals"`
				}
				pageCall(t, tr, &g, "generation")
				if g.Gen != gen {
					t.Errorf("generation %q (signals %v), want %q", g.Gen, g.Signals, gen)
				}
				if voice := pageEval(t, tr, `document.documentElement.getAttribute('data-mock-voice-starts')`); voice != nil {
					t.Errorf("the voice button was clicked %s times", *voice)
				}
			})
		}
	}
}
