package session

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/internal/export/exporttest"
)

func TestReplayFixture(t *testing.T) {
	events := exporttest.Events(t)
	r, err := BuildReplay(events)
	if err != nil {
		t.Fatal(err)
	}
	if r.SessionID != exporttest.ID || r.LastSeq != int64(len(events)) || r.Task != exporttest.Task || r.Root != exporttest.Root || r.Provider != "chatgpt" {
		t.Fatalf("replay %s", r)
	}
	if r.Turn != 11 || r.Replies != 11 {
		t.Errorf("Turn = %d, Replies = %d, want 11", r.Turn, r.Replies)
	}
	if d, err := r.InDoubt(); r.Pending != nil || d != nil || err != nil {
		t.Errorf("pending %+v in doubt %+v %v after the last reply", r.Pending, d, err)
	}
	if !slices.Equal(r.Changed, []string{"index.html"}) || !r.VerifiedAfterChange() {
		t.Errorf("Changed %v, verified after change %v (change %d, verify %d)", r.Changed, r.VerifiedAfterChange(), r.LastChangeSeq, r.LastVerifiedSeq)
	}
	if !slices.Equal(r.Verifications, []string{"npm test -- --grep 'sign up'"}) {
		t.Errorf("Verifications = %q", r.Verifications)
	}
	if len(r.Rules) != 1 || !slices.Equal(r.Rules[0].Prefix, []string{"npm", "test"}) {
		t.Errorf("Rules = %+v", r.Rules)
	}
	if !slices.Equal(r.Instructions, []string{"Also start the dev server so I can look"}) {
		t.Errorf("Instructions = %q", r.Instructions)
	}
	if r.Cursor != "https://chatgpt.com/c/abc" || !r.Done || r.Outcome != event.OutcomeCompleted {
		t.Errorf("cursor %q done %v outcome %q", r.Cursor, r.Done, r.Outcome)
	}
	// The denied call was carried as a result, so nothing is left to do.
	if rec := r.Recover(nil); len(rec) != 0 {
		t.Errorf("Recover = %+v", rec)
	}
}

// TestReplayRefusedEndsPending: a run that ended refused leaves no message
// in flight (no reply will come), while a run that failed otherwise still
// waits for its reply on resume.
func TestReplayRefusedEndsPending(t *testing.T) {
	for _, tc := range []struct {
		outcome event.Outcome
		pending bool
	}{
		{event.OutcomeRefused, false},
		{event.OutcomeFailed, true},
	} {
		b := &exporttest.Builder{T: t}
		b.Add(event.EvRunStarted, "", event.RunStartedPayload{Task: "t", Root: "/r", Provider: "chatgpt"})
		b.Turn = 1
		b.Add(event.EvModelMessageSending, "", event.MessageSentPayload{Kind: event.OutboundBootstrap, Text: "hello"})
		b.Add(event.EvModelMessageSent, "", event.MessageSentPayload{Kind: event.OutboundBootstrap,
			Binding: event.Binding{Turn: 1, Cursor: "c/1", TextSHA256: "x"}})
		b.Add(event.EvRunFailed, "", event.RunEndPayload{Outcome: tc.outcome, Reason: "why"})
		r, err := BuildReplay(b.Events)
		if err != nil {
			t.Fatal(err)
		}
		m, err := r.PendingMessage()
		if (r.Pending != nil) != tc.pending || (m != nil) != tc.pending || err != nil || r.Outcome != tc.outcome || r.Cursor != "c/1" {
			t.Errorf("%s: pending %+v message %+v %v, outcome %q cursor %q", tc.outcome, r.Pending, m, err, r.Outcome, r.Cursor)
		}
	}
}

func TestReplayPendingAndEvidence(t *testing.T) {
	b := &exporttest.Builder{T: t}
	b.Add(event.EvRunStarted, "", event.RunStartedPayload{Task: "t", Root: "/r", Provider: "script"})
	b.Turn = 1
	bind := event.Binding{Turn: 1, Cursor: "3", TextSHA256: "x"}
	b.Add(event.EvModelMessageSending, "", event.MessageSentPayload{Kind: event.OutboundBootstrap, Text: "hello"})
	r, _ := BuildReplay(b.Events)
	if d, err := r.InDoubt(); err != nil || d == nil || d.Text != "hello" || d.Kind != event.OutboundBootstrap || r.Pending != nil {
		t.Fatalf("in-doubt send: %+v %v %+v", d, err, r.Pending)
	}
	b.Add(event.EvModelMessageSent, "", event.MessageSentPayload{Kind: event.OutboundToolResult, Binding: bind, ResultOps: []string{"k"}})
	r, _ = BuildReplay(b.Events)
	if d, _ := r.InDoubt(); d != nil || r.Pending == nil || r.Pending.Cursor != "3" || r.PendingKind != event.OutboundToolResult ||
		!slices.Equal(r.PendingResultOps, []string{"k"}) || r.Cursor != "3" {
		t.Fatalf("pending after send: %+v kind %q ops %v", r.Pending, r.PendingKind, r.PendingResultOps)
	}
	// A verification, then a change: the done gate is closed again.
	b.Tool("terminal.exec", map[string]any{"program": "go", "argv": []string{"test", "./..."}},
		event.ToolResult{Status: event.ToolOK, Verified: true})
	b.Tool("fs.write", map[string]any{"path": "a.go", "content": "x"}, event.ToolResult{Status: event.ToolOK, Changed: []string{"a.go"}})
	b.Tool("terminal.exec", map[string]any{"program": "go", "argv": []string{"vet"}},
		event.ToolResult{Status: event.ToolError, Verified: true}) // failed: not evidence
	b.Add(event.EvModelMessageComplete, "", event.MessageCompletePayload{Reply: event.Reply{Binding: bind, Cursor: "4"}})
	b.Add(event.EvPhaseChanged, "", event.PhaseChanged{From: event.PhaseParsing, To: event.PhaseExecuting})
	b.Add(event.EvRunResumed, "", event.RunStartedPayload{Task: "now add docs"})
	b.Add(event.EvInstruction, "", event.TextPayload{Text: "now add docs"})
	r, err := BuildReplay(b.Events)
	if err != nil {
		t.Fatal(err)
	}
	if r.Pending != nil || r.Cursor != "4" || r.Phase != event.PhaseExecuting {
		t.Fatalf("after reply: pending %+v cursor %q phase %q", r.Pending, r.Cursor, r.Phase)
	}
	if r.VerifiedAfterChange() || r.LastChangeSeq <= r.LastVerifiedSeq || !slices.Equal(r.Verifications, []string{"go test ./..."}) {
		t.Fatalf("evidence: change %d verify %d %q", r.LastChangeSeq, r.LastVerifiedSeq, r.Verifications)
	}
	if !slices.Equal(r.Instructions, []string{"now add docs"}) {
		t.Fatalf("Instructions = %q", r.Instructions)
	}

	// Streaming replay gives the same state.
	var buf bytes.Buffer
	for _, ev := range b.Events {
		line, _ := json.Marshal(ev)
		buf.Write(append(line, '\n'))
	}
	buf.WriteString(`{"seq":99,"ty`)
	sr, tail, err := ReplayLog(&buf)
	if err != nil || !tail.Torn || sr.LastSeq != r.LastSeq || sr.LastChangeSeq != r.LastChangeSeq {
		t.Fatalf("ReplayLog = %s, %v, %v", sr, tail, err)
	}
}

func TestReplayPendingMessage(t *testing.T) {
	text := "<tool_result name=\"fs.read\" status=\"ok\"/>"
	mk := func(seq int64, typ event.Type, p any) event.Event {
		b, _ := json.Marshal(p)
		return event.Event{Seq: seq, Type: typ, Turn: 2, Payload: b}
	}
	r := NewReplay()
	for _, ev := range []event.Event{
		mk(1, event.EvModelMessageSending, event.MessageSentPayload{Kind: event.OutboundToolResult, Text: text, ResultOps: []string{"op1"}}),
		mk(2, event.EvModelMessageSent, event.MessageSentPayload{Kind: event.OutboundToolResult, Binding: event.Binding{Turn: 2}, ResultOps: []string{"op1"}}),
	} {
		if err := r.Apply(ev); err != nil {
			t.Fatal(err)
		}
	}
	p, err := r.PendingMessage()
	if err != nil || p == nil || p.Text != text || p.ResultOps[0] != "op1" {
		t.Fatalf("pending message %+v, %v", p, err)
	}
	if d, _ := r.InDoubt(); d != nil {
		t.Fatal("a confirmed send is still in doubt")
	}
	if err := r.Apply(mk(3, event.EvModelMessageComplete, event.MessageCompletePayload{})); err != nil {
		t.Fatal(err)
	}
	if p, _ := r.PendingMessage(); p != nil {
		t.Fatal("a replied message is still pending")
	}
}

// TestReplayRequests: the done gate's requests are the task, replaced by
// the instruction a resume or a later run brings, kept by a resume without
// one, and extended by the instructions added or queued while a run goes.
func TestReplayRequests(t *testing.T) {
	b := &exporttest.Builder{T: t}
	want := func(step string, texts ...string) {
		t.Helper()
		r, err := BuildReplay(b.Events)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, q := range r.Requests {
			got = append(got, q.Text)
			if q.Seq < 1 || q.Seq > r.LastSeq {
				t.Errorf("%s: request %q at seq %d", step, q.Text, q.Seq)
			}
		}
		if !slices.Equal(got, texts) {
			t.Errorf("%s: Requests = %q, want %q", step, got, texts)
		}
	}
	b.Add(event.EvRunStarted, "", event.RunStartedPayload{Task: "create a.txt"})
	want("start", "create a.txt")
	b.Add(event.EvInstruction, "", event.TextPayload{Text: "also b.txt"})
	want("instruction", "create a.txt", "also b.txt")
	b.Add(event.EvQueued, "", event.QueueInstruction{ID: "q1", Text: "and c.txt"})
	want("queued, not carried yet", "create a.txt", "also b.txt")
	b.Add(event.EvModelMessageSending, "", event.MessageSentPayload{Kind: event.OutboundToolResult, Text: "x", Queued: []string{"q1"}})
	want("queued and carried", "create a.txt", "also b.txt", "and c.txt")
	b.Add(event.EvRunResumed, "", event.RunStartedPayload{})
	want("resumed without an instruction", "create a.txt", "also b.txt", "and c.txt")
	b.Add(event.EvRunResumed, "", event.RunStartedPayload{Task: "运行测试"})
	want("resumed with one", "运行测试")
	note := "(I undid your changes of turn 1 and later: a.txt are back as they were before it. Re-read a file before you edit it.)"
	b.Add(event.EvRunResumed, "", event.RunStartedPayload{Task: note + "\n\nsecond prompt", Note: note})
	want("wtagent's note is no request", "second prompt")
}
