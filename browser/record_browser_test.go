package browser

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/browser/wire/wiretest"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
)

// TestRecordAndReplay: with RecordTransport, each turn's raw traffic (the
// POST, the resume POST, the WebSocket frames verbatim) lands in
// diagnostics/transport.jsonl as a script line with the ids as
// placeholders and the tokens redacted; served again by a fresh mock, the
// recorded script gives the same replies through Chromium.
func TestRecordAndReplay(t *testing.T) {
	lines := []model.ScriptLine{
		{Reply: "Hello there, friend!", SSE: rawFixture(t, "reasoning", "a1"), StreamMS: 2},
		{Reply: "By induction on n, QED.", SSE: rawFixture(t, "handoff", "a5"), ResumeSSE: rawFixture(t, "handoff-resume", "a5"), StreamMS: 2},
		{Reply: "Work is done: 7 files.", SSE: rawFixture(t, "handoffws", "a11"), StreamMS: 2},
	}
	for _, f := range wiretest.SocketFrames(t, sse2026, "handoffws", "conversation-turn-tx11", "c11") {
		lines[2].WS = append(lines[2].WS, placeholders(f, "a11"))
	}
	run := func(lines []model.ScriptLine, record bool) (string, []string) {
		_, url := newMock(t, mockchat.Options{LoggedIn: true, Script: script(lines...)})
		var diag string
		tr := shared.use(t, url, func(o *Options) { o.RecordTransport = record; diag = o.DiagnosticsDir })
		var got []string
		for i := range lines {
			ctx := ctxFor(t, hangGuard)
			b, err := tr.Send(ctx, messages.Outbound{Turn: i + 1, Text: "record me " + string(rune('A'+i))})
			if err != nil {
				t.Fatalf("turn %d: Send: %v", i+1, err)
			}
			r, err := tr.Await(ctx, b, nil)
			if err != nil {
				t.Fatalf("turn %d: Await: %v", i+1, err)
			}
			got = append(got, r.Text)
		}
		return filepath.Join(diag, TransportFile), got
	}
	file, first := run(lines, true)
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(raw), "eyJhbGciOiJIUzI1NiJ9") || strings.Contains(string(raw), "mock-conduit-") {
		t.Fatalf("a token was not redacted:\n%s", raw)
	}
	rec, err := model.LoadScript(file)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec) != 3 || rec[1].ResumeSSE == "" || len(rec[2].WS) == 0 || !strings.Contains(rec[0].SSE, "{{assistant_message_id}}") ||
		!strings.Contains(rec[0].SSE, "{{conversation_id}}") {
		t.Fatalf("recording %d lines: %+v", len(rec), rec)
	}
	// The socket's frames are recorded as the page got them: every frame
	// the mock served for the turn, in order (beside the mock's own
	// subscribe reply), through the conversations topic's turn-complete.
	k := 0
	for _, f := range rec[2].WS {
		if k < len(lines[2].WS) && f == lines[2].WS[k] {
			k++
		} else if !strings.Contains(f, `"type":"subscribe"`) {
			t.Fatalf("recorded frame %q was not served", f)
		}
	}
	if k != len(lines[2].WS) {
		t.Fatalf("%d of %d served frames recorded verbatim:\n%q", k, len(lines[2].WS), rec[2].WS)
	}
	_, again := run(rec, false)
	for i := range lines {
		if first[i] != lines[i].Reply || again[i] != lines[i].Reply {
			t.Fatalf("turn %d: recorded %q, replayed %q, want %q", i+1, first[i], again[i], lines[i].Reply)
		}
	}
}
