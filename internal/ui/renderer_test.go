package ui

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/messages"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// fixedEvents is a short session: a write with a diff, a failing command
// with output on both streams, a batch of calls in one reply (reads, a
// write, a skipped read), a dev server, and the end.
func fixedEvents() []event.Event {
	ts := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	seq := int64(0)
	ev := func(t event.Type, turn int, call string, p any) event.Event {
		seq++
		b, _ := json.Marshal(p)
		return event.Event{Seq: seq, Type: t, SessionID: "20261202-100000-abcdef01", Turn: turn, CallID: call, TS: ts, Payload: b}
	}
	live := func(e event.Event) event.Event { e.Seq = 0; seq--; return e }
	code1 := 1
	write := event.ToolCall{Name: "fs.edit", CanonicalArgs: json.RawMessage(`{"path":"src/app.js"}`)}
	read := event.ToolCall{Name: "fs.read", CanonicalArgs: json.RawMessage(`{"path":"README.md"}`)}
	search := event.ToolCall{Name: "fs.search", CanonicalArgs: json.RawMessage(`{"pattern":"TODO"}`)}
	save := event.ToolCall{Name: "fs.write", CanonicalArgs: json.RawMessage(`{"content":"x","path":"notes.md"}`)}
	exec := event.ToolCall{Name: "terminal.exec", CanonicalArgs: json.RawMessage(`{"argv":["run","build"],"cwd":".","program":"npm"}`)}
	var out []event.Event
	out = append(out,
		ev(event.EvRunStarted, 0, "", event.RunStartedPayload{Task: "fix the build", Root: "/home/u/proj", Provider: "chatgpt"}),
		ev(event.EvModelState, 0, "", messages.ModelStateChanged{State: event.ModelAuthRequired, Detail: "log in to ChatGPT in the Chrome window"}),
		ev(event.EvConversationMode, 0, "", event.ModeSelected{Picker: "2026-09",
			Choice: event.Choice{Requested: "thinking", Outcome: "selected", Selected: "gpt-5-5-thinking"},
			Effort: &event.Choice{Requested: "pro", Outcome: "fallback", Selected: "extra-high", Reason: "pro is not offered"}}),
		ev(event.EvModelMessageSent, 1, "", event.MessageSentPayload{Kind: event.OutboundBootstrap}),
		live(ev(event.EvModelProgress, 1, "", event.TextPayload{Text: "partial"})),
		ev(event.EvModelMessageComplete, 1, "", event.MessageCompletePayload{}),
		ev(event.EvProtocolParsed, 1, "", event.ParsedPayload{Message: "Fix the import.\nThen build.", Tool: "fs.edit"}),
		ev(event.EvToolProposed, 1, "call_1", event.ToolProposedPayload{Call: write}),
		ev(event.EvToolCompleted, 1, "call_1", event.ToolCompletedPayload{Result: event.ToolResult{Tool: "fs.edit", Status: event.ToolOK,
			Message: "edited src/app.js", Duration: 3 * time.Millisecond,
			Diff: "--- a/src/app.js\n+++ b/src/app.js\n@@ -1 +1 @@\n-import x from './y'\n+import x from './x'\n"}}),
		ev(event.EvToolProposed, 2, "call_2", event.ToolProposedPayload{Call: exec}),
	)
	for i := 0; i < 30; i++ {
		out = append(out, live(ev(event.EvToolOutput, 2, "call_2", event.TextPayload{Text: "line " + string(rune('a'+i%26)) + "\n", Stream: "stdout"})))
	}
	out = append(out,
		live(ev(event.EvToolOutput, 2, "call_2", event.TextPayload{Text: "\x1b[31mError: boom\x1b[0m\r\n", Stream: "stderr"})),
		ev(event.EvToolCompleted, 2, "call_2", event.ToolCompletedPayload{Result: event.ToolResult{Tool: "terminal.exec", Status: event.ToolError,
			ExitCode: &code1, Duration: 1500 * time.Millisecond}}),
		ev(event.EvProtocolParsed, 3, "", event.ParsedPayload{Message: "Read, then change.", Tool: "fs.read",
			Tools: []string{"fs.read", "fs.search", "fs.write", "fs.read"}}),
		ev(event.EvToolProposed, 3, "call_3", event.ToolProposedPayload{Call: read}),
		ev(event.EvToolProposed, 3, "call_4", event.ToolProposedPayload{Call: search}),
		ev(event.EvToolProposed, 3, "call_5", event.ToolProposedPayload{Call: save}),
		ev(event.EvToolProposed, 3, "call_6", event.ToolProposedPayload{Call: read}),
		ev(event.EvToolCompleted, 3, "call_6", event.ToolCompletedPayload{Result: event.ToolResult{Tool: "fs.read", Status: event.ToolSkipped,
			Message: "Not run: it comes after <tool_call> 3 (fs.write), which changes the project."}}),
		ev(event.EvToolCompleted, 3, "call_3", event.ToolCompletedPayload{Result: event.ToolResult{Tool: "fs.read", Status: event.ToolOK,
			Message: "lines 1-3 of 3"}}),
		ev(event.EvToolCompleted, 3, "call_4", event.ToolCompletedPayload{Result: event.ToolResult{Tool: "fs.search", Status: event.ToolOK,
			Message: "2 matches"}}),
		ev(event.EvToolCompleted, 3, "call_5", event.ToolCompletedPayload{Result: event.ToolResult{Tool: "fs.write", Status: event.ToolOK,
			Message: "wrote notes.md"}}),
		ev(event.EvProcessChanged, 3, "", messages.ProcessEvent{Info: event.ProcessInfo{ID: "proc_1", PID: 4242, Program: "npm",
			State: event.ProcessReady, URLs: []string{"http://localhost:5173/"}}}),
		ev(event.EvDoneRefused, 3, "", event.TextPayload{Text: "no build passed after the last change"}),
		ev(event.EvRunCompleted, 4, "", event.RunEndPayload{Outcome: event.OutcomeCompleted, Summary: "Fixed the import; npm run build passes.",
			Changed: []string{"src/app.js"}, Verification: []string{"npm run build"}, URLs: []string{"http://localhost:5173/"}}),
	)
	return out
}

func TestRendererGolden(t *testing.T) {
	var buf bytes.Buffer
	r := New(&buf, Options{TTY: false, Color: false, Width: 100, LiveLines: 10})
	go r.Run()
	for _, ev := range fixedEvents() {
		r.Event(ev)
	}
	r.Close()
	golden := filepath.Join("..", "..", "testdata", "ui", "run.golden")
	if *update {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got := buf.String(); got != string(want) {
		t.Fatalf("render differs from %s:\n--- got ---\n%s\n--- want ---\n%s", golden, got, want)
	}
	for _, must := range []string{"mode thinking: selected gpt-5-5-thinking, effort pro: fallback extra-high (pro is not offered)", "… 21 more lines", "Error: boom", "+import x from './x'", "http://localhost:5173/"} {
		if !strings.Contains(buf.String(), must) {
			t.Errorf("render lacks %q", must)
		}
	}
	if strings.Contains(buf.String(), "\x1b[") {
		t.Error("escape codes in uncoloured output")
	}
}

// TestRendererTTY checks the live status line on a terminal: a spinner
// with the elapsed time while the model works, cleared before each line.
func TestRendererTTY(t *testing.T) {
	var buf bytes.Buffer
	now := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	r := New(&buf, Options{TTY: true, Color: true, Width: 80, Now: clock})
	go r.Run()
	evs := fixedEvents()
	for _, ev := range evs[:4] {
		r.Event(ev)
	}
	r.Close()
	out := buf.String()
	if !strings.Contains(out, "ChatGPT is thinking") || !strings.Contains(out, "\r\x1b[2K") {
		t.Fatalf("no live status line in TTY output: %q", out)
	}
	if !strings.Contains(out, "\x1b[") {
		t.Fatal("no colour on a colour terminal")
	}
}

// TestProgramEscapesNeverReachTheTerminal: with colour on, a program's own
// escapes (a window title, a screen clear, a cursor move) are stripped from
// its output lines; the text stays.
func TestProgramEscapesNeverReachTheTerminal(t *testing.T) {
	var buf bytes.Buffer
	now := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	r := New(&buf, Options{TTY: true, Color: true, Width: 80, Now: func() time.Time { return now }, Verbose: true})
	go r.Run()
	exec := event.ToolCall{Name: "terminal.exec", CanonicalArgs: json.RawMessage(`{"argv":["x"],"cwd":".","program":"sh"}`)}
	proposed, _ := json.Marshal(event.ToolProposedPayload{Call: exec})
	output, _ := json.Marshal(event.TextPayload{Text: "\x1b]0;pwned\x07\x1b[2Jvisible \x1b[1Atext\n", Stream: "stdout"})
	r.Event(event.Event{Seq: 1, Type: event.EvToolProposed, Turn: 1, CallID: "c1", TS: now, Payload: proposed})
	r.Event(event.Event{Type: event.EvToolOutput, Turn: 1, CallID: "c1", TS: now, Payload: output})
	r.Close()
	out := buf.String()
	if !strings.Contains(out, "visible text") {
		t.Fatalf("the text is gone: %q", out)
	}
	for _, bad := range []string{"pwned", "\x1b]", "\x1b[2J", "\x1b[1A"} {
		if strings.Contains(out, bad) {
			t.Errorf("%q reached the terminal: %q", bad, out)
		}
	}
}

// TestStatusLinePhase: while a reply is awaited the status line shows
// the effort the page was set to and what the transport says the model does (thinking, a hand-off, a
// continuation), until the reply's first words replace it; a phase from
// another state never shows.
func TestStatusLinePhase(t *testing.T) {
	var buf bytes.Buffer
	now := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	r := New(&buf, Options{TTY: true, Color: false, Width: 120, Now: func() time.Time { return now }})
	go r.Run()
	ev := func(typ event.Type, p any) event.Event {
		b, _ := json.Marshal(p)
		return event.Event{Type: typ, Turn: 2, Payload: b}
	}
	r.Event(ev(event.EvModelState, messages.ModelStateChanged{State: event.ModelThinking, Phase: "too early"}))
	r.Event(ev(event.EvConversationMode, event.ModeSelected{Effort: &event.Choice{Requested: "pro", Outcome: "fallback", Selected: "extra-high"}}))
	r.Event(ev(event.EvModelMessageSent, event.MessageSentPayload{Kind: event.OutboundToolResult}))
	r.Event(ev(event.EvModelState, messages.ModelStateChanged{State: event.ModelThinking, Detail: "turn 2 sent"}))
	// The page's "Thinking" says what the label says: not shown twice.
	r.Event(ev(event.EvModelState, messages.ModelStateChanged{State: event.ModelThinking, Detail: "turn 2: Thinking", Phase: "Thinking…"}))
	r.Event(ev(event.EvModelState, messages.ModelStateChanged{State: event.ModelThinking, Detail: "turn 2: thinking, continued after a hand-off 1s",
		Phase: "thinking, continued after a hand-off"}))
	r.Close()
	out := buf.String()
	if !strings.Contains(out, "ChatGPT is thinking (turn 2, a tool result; extra-high) 0.0s · thinking, continued after a hand-off") {
		t.Fatalf("no hand-off phase on the status line: %q", out)
	}
	if strings.Contains(out, "· Thinking") || strings.Contains(out, "tool_result") {
		t.Fatalf("the status line says thinking twice or a kind's code name: %q", out)
	}
	if strings.Contains(out, "too early") {
		t.Fatalf("a phase outside a wait showed: %q", out)
	}
}
