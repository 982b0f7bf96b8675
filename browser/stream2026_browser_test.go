package browser

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/browser/wire/wiretest"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
)

// rawFixture reads wire/sse/testdata/sse2026/name.sse with its ids turned into the
// mock's placeholders: "cN" the conversation, "aN" (the answer, or the
// given id) the assistant message, "uN" the user message.
func rawFixture(t testing.TB, name, answerID string) string {
	b, err := os.ReadFile(filepath.Join(sse2026, name+".sse"))
	if err != nil {
		t.Fatal(err)
	}
	return placeholders(string(b), answerID)
}

// placeholders turns a fixture's ids into the mock's placeholders, also
// inside JSON strings (a WebSocket item's encoded_item).
func placeholders(s, answerID string) string {
	for _, q := range []string{`"`, `\"`} {
		s = regexp.MustCompile(regexp.QuoteMeta(q)+`c[0-9]+`+regexp.QuoteMeta(q)).ReplaceAllString(s, q+`{{conversation_id}}`+q)
		s = regexp.MustCompile(regexp.QuoteMeta(q)+`u[0-9]+`+regexp.QuoteMeta(q)).ReplaceAllString(s, q+`{{user_message_id}}`+q)
		s = strings.ReplaceAll(s, q+answerID+q, q+`{{assistant_message_id}}`+q)
	}
	return s
}

// TestStream2026Chromium drives real Chromium against the mock page
// serving 2026-shaped raw streams (script lines with "sse" and
// "resume_sse"): a reasoning turn, commentary carrying a tool call before
// the answer, truncate over CJK and emoji, several final segments, the
// answer as whole-message snapshots with no appends, a Pro
// hand-off continued by the page's resume POST, and a stream dropped
// mid-turn that the page resumes from its offset, a Work turn handed off to
// the user's WebSocket (catch-ups overlapping live items). Each reply is the exact
// answer, read from the network, never the commentary, never early.
func TestStream2026Chromium(t *testing.T) {
	cases := []struct {
		name, fixture, answerID, resume, want string
	}{
		{"reasoning", "reasoning", "a1", "", "Hello there, friend!"},
		{"commentary before the answer", "commentary", "a2", "", "Done: the answer is here. 42"},
		{"tool use", "tooluse", "a3", "", "It is sunny."},
		{"truncate CJK and emoji", "truncate", "a4", "", "The output 你好世界🚀🌍 ok"},
		{"several final segments", "multisegment", "a7b", "", "First part.\n\nSecond part."},
		{"whole-message snapshots", "snapshots", "a14", "", "Snapshots 你好 arrive whole. 🚀"},
		{"hand-off to the resume POST", "handoff", "a5", "handoff-resume", "By induction on n, QED."},
		{"hand-off, the turn replayed from offset 0", "handoff", "a5", "handoff-replay", "By induction on n, QED."},
		{"stream dropped and resumed", "cut", "a10", "cut-resume", "Half of the answer, then the rest."},
		{"hand-off to the WebSocket", "handoffws", "a11", "", "Work is done: 7 files."},
	}
	var lines []model.ScriptLine
	for _, c := range cases {
		l := model.ScriptLine{Reply: c.want, SSE: rawFixture(t, c.fixture, c.answerID), StreamMS: 5}
		if c.resume != "" {
			l.ResumeSSE = rawFixture(t, c.resume, c.answerID)
		}
		if c.fixture == "handoffws" {
			for _, f := range wiretest.SocketFrames(t, sse2026, "handoffws", "conversation-turn-tx11", "c11") {
				l.WS = append(l.WS, placeholders(f, c.answerID))
			}
		}
		lines = append(lines, l)
	}
	var mu sync.Mutex
	var resumes []string // the offsets the page's resumes asked for
	srv, url := newMock(t, mockchat.Options{LoggedIn: true, Script: script(lines...), Logf: func(format string, args ...any) {
		if l := fmt.Sprintf(format, args...); strings.HasPrefix(l, "resume of ") {
			mu.Lock()
			resumes = append(resumes, l[strings.LastIndex(l, " ")+1:])
			mu.Unlock()
		}
	}})
	tr := shared.use(t, url, nil)
	for i, c := range cases {
		mu.Lock()
		seen := len(resumes)
		mu.Unlock()
		ctx := ctxFor(t, hangGuard)
		b, err := tr.Send(ctx, messages.Outbound{Turn: i + 1, Text: fmt.Sprintf("turn %d: %s", i+1, c.name)})
		if err != nil {
			t.Fatalf("%s: Send: %v", c.name, err)
		}
		r, err := tr.Await(ctx, b, nil)
		returned := time.Now()
		if err != nil {
			t.Fatalf("%s: Await: %v", c.name, err)
		}
		if r.Text != c.want {
			t.Fatalf("%s: reply %q (source %s), want %q", c.name, r.Text, r.Source, c.want)
		}
		if r.Source != event.SourceNetwork {
			t.Errorf("%s: source %s, want the network", c.name, r.Source)
		}
		if err := srv.WaitIdle(ctx); err != nil {
			t.Fatal(err)
		}
		st := srv.Stats().Messages
		if len(st) != i+1 {
			t.Fatalf("%s: the mock started %d replies", c.name, len(st))
		}
		if m := st[i]; r.MessageID != m.MessageID || m.LastToken.IsZero() || m.LastToken.After(returned) {
			t.Fatalf("%s: id %s (want %s); returned %s, last token %s", c.name, r.MessageID, m.MessageID,
				returned.Format(time.StampMicro), m.LastToken.Format(time.StampMicro))
		}
		if c.resume != "" && st[i].Streams != 2 {
			t.Errorf("%s: %d streams served, want the POST and the page's resume", c.name, st[i].Streams)
		}
		mu.Lock()
		asked := strings.Join(resumes[seen:], ",")
		mu.Unlock()
		if want := map[string]string{"handoff": "0", "cut": "nonzero"}[c.fixture]; c.resume != "" && (asked == "" || (want == "0") != (asked == "0")) {
			t.Errorf("%s: the page resumed from offset %q, want %s", c.name, asked, want)
		}
	}
}

// TestEndTurnWithTheConnectionOpenChromium: the POST's connection can stay
// open after the answer's end (2026-10): the turn completes on end_turn,
// with the exact reply from the network, while the mock still holds the
// stream open (released only after Await returned).
func TestEndTurnWithTheConnectionOpenChromium(t *testing.T) {
	const want = "Hello there, friend!"
	srv, url := newMock(t, mockchat.Options{LoggedIn: true, Script: script(model.ScriptLine{Reply: want, SSE: rawFixture(t, "reasoning", "a1"), StreamMS: 5})})
	release := srv.HoldStream(1)
	defer release()
	tr := shared.use(t, url, nil)
	ctx := ctxFor(t, hangGuard)
	b, err := tr.Send(ctx, messages.Outbound{Turn: 1, Text: "keep the line open"})
	if err != nil {
		t.Fatal(err)
	}
	r, err := tr.Await(ctx, b, nil)
	if err != nil || r.Text != want || r.Source != event.SourceNetwork {
		t.Fatalf("reply %q from %s, %v", r.Text, r.Source, err)
	}
	if st := srv.Stats().Messages; len(st) != 1 || !st[0].Done.IsZero() {
		t.Fatalf("the stream was not held open: %+v", st)
	}
}
