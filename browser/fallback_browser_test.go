package browser

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
)

// TestFallbackReportedChromium: through real Chromium, a turn answered by
// another model than the one asked for (resolved_model_slug) and a turn
// whose usage cap shows only as metadata.model_adjustments (the resolved
// model equal to the one asked for) are reported the same way, once each:
// a note naming the turn and the fallback; a plain turn gets none.
func TestFallbackReportedChromium(t *testing.T) {
	cases := []struct {
		fixture, answerID, reply, note string
	}{
		{"fallback", "a9", "ok", "ChatGPT answers turn 1 with gpt-5-5-mini, not the model asked for (a usage cap or fallback)"},
		{"capfallback", "a12", "Capped, but answered.",
			"ChatGPT answers turn 2 with a smaller model (auto:smaller_model:reached_message_cap), not the model asked for (a usage cap or fallback)"},
		{"reasoning", "a1", "Hello there, friend!", ""},
	}
	var lines []model.ScriptLine
	for _, c := range cases {
		lines = append(lines, model.ScriptLine{Reply: c.reply, SSE: rawFixture(t, c.fixture, c.answerID), StreamMS: 5})
	}
	_, url := newMock(t, mockchat.Options{LoggedIn: true, Script: script(lines...)})
	var mu sync.Mutex
	var notes []string
	tr := shared.use(t, url, func(o *Options) {
		o.Progress = func(n string) { mu.Lock(); notes = append(notes, n); mu.Unlock() }
	})
	for i, c := range cases {
		ctx := ctxFor(t, hangGuard)
		b, err := tr.Send(ctx, messages.Outbound{Turn: i + 1, Text: fmt.Sprintf("turn %d: %s", i+1, c.fixture)})
		if err != nil {
			t.Fatal(err)
		}
		r, err := tr.Await(ctx, b, nil)
		if err != nil || r.Text != c.reply {
			t.Fatalf("%s: reply %q, %v", c.fixture, r.Text, err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	var got []string
	for _, n := range notes {
		if strings.Contains(n, "not the model asked for") {
			got = append(got, n)
		}
	}
	want := []string{cases[0].note, cases[1].note}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("fallback notes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
