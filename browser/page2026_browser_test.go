package browser

import (
	"fmt"
	"testing"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/model"
)

// babbleLabels is a label table of made-up words: a UI language no table
// of the adapter knows, so nothing can pass by matching a label.
func babbleLabels() map[string]string {
	t := map[string]string{}
	for i, k := range mockchat.LabelKeys() {
		t[k] = fmt.Sprintf("zq%dxv", i)
	}
	t["removeFile"] += " {n}: {name}"
	t["removePasted"] += " {n}"
	return t
}

// TestPage2026SepThread: the adapter on the 2026-09 page as notes §7
// describes it, in a language of made-up words: nested units (counted
// once), the user id only on the search attribute, an assistant unit
// listing several ids (the last is the reply), a hidden mounted route and
// a frozen copy with its own Stop beside the shown route, and a
// two-exchange window recycling its nodes. Every reply is exact, and the
// page helper's thread is the shown route's, its newest exchange the one
// just sent.
func TestPage2026SepThread(t *testing.T) {
	lines := script(
		model.ScriptLine{Reply: "An earlier conversation."},
		model.ScriptLine{Reply: "First."},
		model.ScriptLine{Reply: "Second, after thoughts and a search.", Fault: mockchat.FaultThoughts},
		model.ScriptLine{Reply: "Third."},
		model.ScriptLine{Reply: "Fourth."},
	)
	srv, url := newMock(t, mockchat.Options{LoggedIn: true, DOM: mockchat.DOM2026Sep, Labels: babbleLabels(),
		HiddenRoutes: 2, FrozenCopy: true, Window: 2, Script: lines})
	tr := shared.use(t, url, nil)
	roundTrip(t, tr, 1, "an earlier conversation")
	if _, err := tr.Open(ctxFor(t, hangGuard), ""); err != nil {
		t.Fatal(err)
	}
	for i, l := range lines[1:] {
		b, r := roundTrip(t, tr, i+2, fmt.Sprintf("message %d", i+1))
		if r.Text != l.Reply {
			t.Fatalf("turn %d: %s", i+2, firstDiff(r.Text, l.Reply))
		}
		got := srv.Received()
		if last := got[len(got)-1]; b.UserMessageID != last.MessageID {
			t.Fatalf("turn %d: bound to user message %q, the page posted %s", i+2, b.UserMessageID, last.MessageID)
		}
		waitPage(t, tr, func() bool {
			var th threadInfo
			pageCall(t, tr, &th, "thread")
			return th.LastAssistant != nil && th.LastAssistant.ID == r.MessageID
		})
		var th threadInfo
		pageCall(t, tr, &th, "thread")
		if want := 2 * min(i+1, 2); th.Count != want || th.LastUser == nil || th.LastUser.ID != b.UserMessageID {
			t.Errorf("turn %d: thread %+v (last user %+v): want %d units, the last user %s", i+2, th, th.LastUser, want, b.UserMessageID)
		}
		var p pageSnap
		pageCall(t, tr, &p, "snap")
		if p.Stop {
			t.Errorf("turn %d: a stop button shows after the reply (the frozen copy's?)", i+2)
		}
	}
	if n := len(srv.Received()); n != len(lines) {
		t.Fatalf("the page posted %d messages, want %d", n, len(lines))
	}
	if voice := pageEval(t, tr, `document.documentElement.getAttribute('data-mock-voice-starts')`); voice != nil {
		t.Errorf("the voice button was clicked %s times", *voice)
	}
	if frozen := pageEval(t, tr, `document.querySelector('.frozen-route') ? 'yes' : null`); frozen == nil {
		t.Error("no frozen copy on the page: the test did not test it")
	}
	if hidden := pageEval(t, tr, `document.querySelector('.route[style*="display: none"] [data-chatgpt-search-unit-key]') ? 'yes' : null`); hidden == nil {
		t.Error("no hidden route on the page: the test did not test it")
	}
}
