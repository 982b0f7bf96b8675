package mockchat

import (
	"strings"
	"testing"
)

// replyText is the text of the last main assistant message of a stream.
func replyText(t *testing.T, msgs []sseMsg) string {
	t.Helper()
	ms := mainMessages(deltaText(t, msgs))
	if len(ms) == 0 {
		t.Fatal("no assistant message in the stream")
	}
	return partText(ms[len(ms)-1])
}

// TestAgentRoutes: lines with an "agent" serve only the conversation whose
// first message names it (once the main conversation exists), each route
// from its own cursor whatever order the conversations' messages arrive
// in; the main conversation is served by the lines without one, even when
// its first message names an agent.
func TestAgentRoutes(t *testing.T) {
	c := newTestServer(t, Options{LoggedIn: true, Script: script(t, strings.Join([]string{
		`{"reply":"main one"}`,
		`{"reply":"alpha one","agent":"alpha"}`,
		`{"reply":"beta one","agent":"beta"}`,
		`{"reply":"alpha two","agent":"alpha"}`,
		`{"reply":"main two"}`,
		`{"reply":"beta two","agent":"beta"}`,
	}, "\n"))})
	type step struct{ conv, text, want, agent string }
	convs := map[string]string{}
	for _, s := range []step{
		{"main", "start alpha and beta", "main one", ""},
		{"beta", "beta: read b.txt", "beta one", "beta"},
		{"alpha", "alpha: read a.txt", "alpha one", "alpha"},
		{"beta", "next", "beta two", "beta"},
		{"main", "results", "main two", ""},
		{"alpha", "next", "alpha two", "alpha"},
	} {
		_, msgs := c.send(sendReq{Text: s.text, ConversationID: convs[s.conv]})
		if got := replyText(t, msgs); got != s.want {
			t.Fatalf("%s %q: reply %q, want %q", s.conv, s.text, got, s.want)
		}
		if convs[s.conv] == "" {
			convs[s.conv] = conversationID(msgs)
		}
		rec := c.srv.Received()
		if last := rec[len(rec)-1]; last.Agent != s.agent || last.ConversationID != convs[s.conv] {
			t.Fatalf("%s %q: recorded agent %q in %s, want %q in %s", s.conv, s.text, last.Agent, last.ConversationID, s.agent, convs[s.conv])
		}
	}
	_, msgs := c.send(sendReq{Text: "more", ConversationID: convs["alpha"]})
	if !containsData(msgs, "no reply left") || !containsData(msgs, "the sub-agent alpha") {
		t.Fatalf("an exhausted sub-agent route does not say so: %v", msgs)
	}
}

// TestHoldLine: the reply of the held script line stops halfway through
// its stream, whichever conversation it answers, until released; the
// other conversations' replies go on.
func TestHoldLine(t *testing.T) {
	// Long enough that paired token events pass over the exact half.
	alpha := strings.TrimSpace(strings.Repeat("tok ", 41))
	c := newTestServer(t, Options{LoggedIn: true, Script: script(t, strings.Join([]string{
		`{"reply":"main one"}`,
		`{"reply":"` + alpha + `","agent":"alpha"}`,
		`{"reply":"beta one","agent":"beta"}`,
	}, "\n"))})
	c.send(sendReq{Text: "start"})
	release := c.srv.HoldLine(2)
	done := make(chan string, 1)
	go func() {
		_, msgs := c.send(sendReq{Text: "alpha: go"})
		done <- replyText(t, msgs)
	}()
	if err := c.srv.WaitLineStreaming(waitCtx(t), 2); err != nil {
		t.Fatal(err)
	}
	if _, msgs := c.send(sendReq{Text: "beta: go"}); replyText(t, msgs) != "beta one" {
		t.Fatal("beta's reply did not go on while alpha's was held")
	}
	select {
	case got := <-done:
		t.Fatalf("alpha's held reply finished before its release: %q", got)
	default:
	}
	if st := c.srv.Stats().Messages[1]; st.Line != 2 || !st.Completed.IsZero() {
		t.Fatalf("alpha's reply %+v: want line 2, not completed", st)
	}
	release()
	if got := <-done; got != alpha {
		t.Fatalf("alpha after the release: %q", got)
	}
}
