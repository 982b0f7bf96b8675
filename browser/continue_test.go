package browser

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
)

func TestContinuationJoin(t *testing.T) {
	cases := []struct {
		c          *continuation
		part, want string
	}{
		{nil, "whole", "whole"},
		{&continuation{prefix: "<agent_response>lo"}, "ng reply", "<agent_response>long reply"},
		{&continuation{prefix: "<agent_response>lo"}, "<agent_response>long reply", "<agent_response>long reply"},
		{&continuation{prefix: "你"}, "好", "你好"},
		{&continuation{prefix: "a"}, "", "a"},
	}
	for _, c := range cases {
		if got := c.c.join(c.part); got != c.want {
			t.Errorf("join(%q) after %+v = %q, want %q", c.part, c.c, got, c.want)
		}
	}
}

// TestMaxTokensContinuedChromium: a reply that stops at the output limit
// is continued with the page's own "Continue generating" and joined
// exactly, through real Chromium: a raw 2026 stream continued by a raw
// body that streams only the new text into the same message; a generated
// reply whose continuation repeats the text so far; the same read from
// the conversation document alone (no network stream); on every page
// generation (the 2026-09 page in Turkish).
func TestMaxTokensContinuedChromium(t *testing.T) {
	// The network cases answer from the stream alone, so a loaded machine
	// cannot let the (equally exact) conversation document answer first.
	netOnly := func(o *Options) { o.netOnly = true }
	const gen = "alpha beta gamma delta epsilon zeta eta theta iota kappa"
	cases := []struct {
		name  string
		lines []model.ScriptLine
		want  string
		src   event.ReplySource
		opt   func(*Options)
		asked bool // the page has no continue control: the model is asked
	}{
		{"raw, the continuation streams the new text", []model.ScriptLine{
			{Reply: "<agent_response>long", SSE: rawFixture(t, "maxtokens", "a6"), StreamMS: 2},
			{Reply: " reply, 你好 🚀</agent_response>", SSE: rawFixture(t, "maxtokens-continue", "a6"), StreamMS: 2},
		}, "<agent_response>long reply, 你好 🚀</agent_response>", event.SourceNetwork, netOnly, false},
		{"generated, the continuation repeats the text", []model.ScriptLine{
			{Reply: gen, Fault: mockchat.FaultMaxTokens, StreamMS: 2},
		}, gen, event.SourceNetwork, netOnly, false},
		{"from the conversation document", []model.ScriptLine{
			{Reply: gen, Fault: mockchat.FaultMaxTokens, StreamMS: 2},
		}, gen, event.SourceConversation, func(o *Options) { o.domOnly = true }, false},
		{"no continue control, the model is asked", []model.ScriptLine{
			{Reply: gen, Fault: mockchat.FaultMaxTokens, StreamMS: 2},
			{Expect: "cut off by the output limit", Reply: "zeta eta theta iota kappa", StreamMS: 2},
		}, gen, event.SourceNetwork, func(o *Options) { o.continueWait = 2 * time.Second }, true},
	}
	for _, gen := range mockchat.Generations() {
		for _, c := range cases {
			t.Run(gen+"/"+c.name, func(t *testing.T) {
				// The 2026-09 page speaks Turkish: its continue control is
				// found by its place, not its words.
				lang := map[string]string{mockchat.DOM2026Sep: mockchat.LangTurkish}[gen]
				srv, url := newMock(t, mockchat.Options{LoggedIn: true, DOM: gen, Lang: lang, Script: script(c.lines...)})
				if c.asked {
					if err := srv.BreakLocator(mockchat.LocatorContinueButton); err != nil {
						t.Fatal(err)
					}
				}
				tr := shared.use(t, url, c.opt)
				ctx := ctxFor(t, 90*time.Second)
				b, err := tr.Send(ctx, messages.Outbound{Turn: 1, Text: fmt.Sprintf("write something long (%s)", c.name)})
				if err != nil {
					t.Fatal(err)
				}
				r, err := tr.Await(ctx, b, nil)
				if err != nil {
					t.Fatalf("Await: %v", err)
				}
				if r.Text != c.want || r.Source != c.src {
					t.Fatalf("reply %q from %s, want %q from %s", r.Text, r.Source, c.want, c.src)
				}
				if err := srv.WaitIdle(ctx); err != nil {
					t.Fatal(err)
				}
				st := srv.Stats()
				if c.asked {
					rec := srv.Received()
					if len(rec) != 2 || !strings.Contains(rec[1].Text, "cut off by the output limit") || r.MessageID != st.Messages[1].MessageID || r.Binding != b {
						t.Fatalf("want the message and one asking to continue: %+v", rec)
					}
					return
				}
				if len(st.Messages) != 2 || st.Sends != 2 || st.Messages[0].MessageID != st.Messages[1].MessageID || r.MessageID != st.Messages[0].MessageID {
					t.Fatalf("want the send and one continue of message %s: %d POSTs, %+v", r.MessageID, st.Sends, st.Messages)
				}
				if n := len(srv.Received()); n != 1 {
					t.Fatalf("%d user messages, want 1", n)
				}
			})
		}
	}
}
