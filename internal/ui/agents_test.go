package ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/internal/cellwidth"
)

// recordingScreen is a Screen that keeps the lines printed and the last
// status shown.
type recordingScreen struct {
	mu     sync.Mutex
	lines  []string
	status string
}

func (s *recordingScreen) Println(l string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lines = append(s.lines, strings.Split(l, "\n")...)
}

func (s *recordingScreen) SetStatus(st string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.status = st
}

// agentEvent is one event of a sub-agent's session.
func agentEvent(t event.Type, turn int, call string, p any) event.Event {
	b, _ := json.Marshal(p)
	return event.Event{Seq: 1, Type: t, Turn: turn, CallID: call, Payload: b}
}

// TestAgentGroups: two sub-agents' events, interleaved and with the same
// call ids, are drawn as two groups: every line carries its group's tag
// and only its words (a call's live output stays with its call), each
// running sub-agent has a status row (name, turn, elapsed, state, task's
// first words; one cell short of the width) below the run's own, and a finished one closes its group
// and drops its row.
func TestAgentGroups(t *testing.T) {
	now := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	sc := &recordingScreen{}
	r := New(nil, Options{Screen: sc, Width: 80, Now: func() time.Time { return now }})
	go r.Run()
	main := r.Event
	one, two := r.AgentSink("sub-agent 1", "alpha: read a.txt and report its word"), r.AgentSink("sub-agent 2", "beta: read b.txt")
	read := func(p string) event.ToolProposedPayload {
		return event.ToolProposedPayload{Call: event.ToolCall{Name: "fs.read", CanonicalArgs: json.RawMessage(`{"path":"` + p + `"}`)}}
	}
	exec := event.ToolProposedPayload{Call: event.ToolCall{Name: "terminal.exec", CanonicalArgs: json.RawMessage(`{"program":"cat","argv":["b.txt"]}`)}}
	main(agentEvent(event.EvToolStarted, 1, "c1", exec))
	one(agentEvent(event.EvRunStarted, 0, "", event.RunStartedPayload{Task: "alpha: read a.txt and report its word"}))
	two(agentEvent(event.EvRunStarted, 0, "", event.RunStartedPayload{Task: "beta: read b.txt"}))
	one(agentEvent(event.EvModelMessageSent, 1, "", event.MessageSentPayload{Kind: event.OutboundBootstrap}))
	two(agentEvent(event.EvModelMessageSent, 1, "", event.MessageSentPayload{Kind: event.OutboundBootstrap}))
	two(agentEvent(event.EvProtocolParsed, 1, "", event.ParsedPayload{Message: "Reading beta."}))
	two(agentEvent(event.EvToolProposed, 1, "call_1", exec))
	one(agentEvent(event.EvProtocolParsed, 1, "", event.ParsedPayload{Message: "Reading alpha."}))
	one(agentEvent(event.EvToolProposed, 1, "call_1", read("a.txt")))
	two(agentEvent(event.EvToolStarted, 1, "call_1", exec))
	out := agentEvent(event.EvToolOutput, 1, "call_1", event.TextPayload{Text: "beta-out\n", Stream: "stdout"})
	out.Seq = 0
	two(out)
	r.Sync()
	sc.mu.Lock()
	status := sc.status
	sc.mu.Unlock()
	// The spinner turns on a ticker: any frame of it will do.
	for _, f := range spinnerFrames() {
		status = strings.ReplaceAll(status, f, "⠋")
	}
	rows := strings.Split(status, "\n")
	want := []string{
		"running terminal.exec cat b.txt",
		"  #1 ⠋ sub-agent 1 · turn 1 · 0.0s · thinking · alpha: read a.txt and report i…",
		"  #2 ⠋ sub-agent 2 · turn 1 · 0.0s · running terminal.exec cat b.txt · beta: r…",
	}
	if len(rows) != len(want) || !strings.Contains(rows[0], want[0]) || rows[1] != want[1] || rows[2] != want[2] {
		t.Fatalf("status rows:\n%s\nwant (the first containing):\n%s", status, strings.Join(want, "\n"))
	}
	one(agentEvent(event.EvToolCompleted, 1, "call_1", event.ToolCompletedPayload{Result: event.ToolResult{Tool: "fs.read", Status: event.ToolOK, Message: "lines 1-1 of 1"}}))
	one(agentEvent(event.EvRunCompleted, 2, "", event.RunEndPayload{Outcome: event.OutcomeCompleted}))
	r.Close()
	wantLines := []string{
		"  #1 ┌ sub-agent 1: alpha: read a.txt and report its word",
		"  #2 ┌ sub-agent 2: beta: read b.txt",
		"  #2 │ ⏺ Reading beta.",
		"  #2 │ ▸ terminal.exec cat b.txt",
		"  #1 │ ⏺ Reading alpha.",
		"  #1 │ ▸ fs.read a.txt",
		"  #2 │   │ beta-out",
		"  #1 │   ✓ fs.read lines 1-1 of 1",
		"  #1 └ sub-agent 1 completed, turn 2, 0s",
	}
	if got := strings.Join(sc.lines, "\n"); got != strings.Join(wantLines, "\n") {
		t.Fatalf("lines:\n%s\nwant:\n%s", got, strings.Join(wantLines, "\n"))
	}
	if strings.Contains(sc.status, "sub-agent 1") {
		t.Errorf("the finished sub-agent keeps its status row: %q", sc.status)
	}
}

// TestScreenAgentRows: on a terminal without a Screen the live rows (the
// run's status and one per running sub-agent) stay at the bottom, each a
// row of its own no wider than the screen; lines printed while they show
// land above them and leave nothing of them behind, and a finished
// sub-agent's row is cleared whole.
func TestScreenAgentRows(t *testing.T) {
	var buf bytes.Buffer
	var mu sync.Mutex
	w := writerFunc(func(p []byte) (int, error) { mu.Lock(); defer mu.Unlock(); return buf.Write(p) })
	r := New(w, Options{TTY: true, Width: screenCols})
	go r.Run()
	exec := event.ToolProposedPayload{Call: event.ToolCall{Name: "terminal.exec", CanonicalArgs: json.RawMessage(`{"program":"make"}`)}}
	r.Event(agentEvent(event.EvToolStarted, 1, "c1", exec))
	one, two := r.AgentSink("sub-agent 1", "alpha: "+strings.Repeat("look everywhere ", 8)), r.AgentSink("sub-agent 2", "beta: 读取文件并报告"+zwjFamily)
	for _, sink := range []func(event.Event){one, two} {
		sink(agentEvent(event.EvRunStarted, 0, "", event.RunStartedPayload{}))
		sink(agentEvent(event.EvModelMessageSent, 1, "", event.MessageSentPayload{}))
	}
	for i := range 5 {
		two(agentEvent(event.EvProtocolParsed, 1, "", event.ParsedPayload{Message: fmt.Sprintf("step %d of beta", i)}))
	}
	r.Sync()
	snapshot := func() []string {
		mu.Lock()
		defer mu.Unlock()
		rows, _, _ := composed(t, buf.Bytes())
		return rows
	}
	rows := snapshot()
	n := len(rows)
	if n < 3 || !strings.Contains(rows[n-3], "running terminal.exec make") || !strings.HasPrefix(rows[n-2], "  #1 ") ||
		!strings.HasPrefix(rows[n-1], "  #2 ") || !strings.Contains(rows[n-1], "beta: 读取文件并报告") {
		t.Fatalf("the live rows are not the last three:\n%s", strings.Join(rows, "\n"))
	}
	for i, row := range rows {
		if w := cellwidth.String(row); w >= screenCols {
			t.Errorf("row %d is %d cells wide: %q", i, w, row)
		}
		if i < n-3 && (strings.Contains(row, "turn 1 ·") || strings.Contains(row, "running terminal.exec")) {
			t.Errorf("row %d is a live row left behind: %q", i, row)
		}
	}
	one(agentEvent(event.EvRunCompleted, 1, "", event.RunEndPayload{Outcome: event.OutcomeCompleted}))
	r.Sync()
	rows = snapshot()
	n = len(rows)
	if !strings.HasPrefix(rows[n-3], "  #1 └ sub-agent 1 completed, turn 1") || !strings.HasPrefix(rows[n-1], "  #2 ") {
		t.Fatalf("after sub-agent 1 finished:\n%s", strings.Join(rows, "\n"))
	}
	for _, row := range rows {
		if strings.HasPrefix(row, "  #1 ") && strings.Contains(row, "turn 1 ·") {
			t.Errorf("sub-agent 1's live row is left: %q", row)
		}
	}
	r.Close()
}

// writerFunc is a function as an io.Writer.
type writerFunc func(p []byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
