package session

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/internal/export"
	"github.com/wtagent/wtagent/internal/export/exporttest"
)

// fixtureSession creates the fixture's session directory.
func fixtureSession(t *testing.T) *Session {
	t.Helper()
	return newSession(t, testHome(t), Meta{ID: exporttest.ID, Root: exporttest.Root, Provider: exporttest.Provider,
		Task: exporttest.Task, Created: exporttest.Start, AgentVersion: exporttest.AgentVersion,
		Approvals: exporttest.Approvals})
}

// exportOf is the live-rollout rendering of events with the session's
// state: what the live rollout must hold after them.
func exportOf(t *testing.T, s *Session, events []event.Event) []byte {
	t.Helper()
	st, err := s.LoadState()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := export.CodexLive(events, st.ExportMeta(), &buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestRolloutLiveEqualsExport(t *testing.T) {
	s := fixtureSession(t)
	events := exporttest.Events(t)
	r, err := s.OpenRollout()
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range events {
		if err := r.Event(ev); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if want := "rollout-2025-03-01T10-15-00-" + exporttest.ID + ".jsonl"; !strings.HasSuffix(r.Path(), want) {
		t.Fatalf("rollout path %s, want …%s", r.Path(), want)
	}
	live, err := os.ReadFile(r.Path())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(live, exportOf(t, s, events)) {
		t.Fatal("the live rollout differs from the Codex export of the same events")
	}
	if err := r.Event(events[0]); err == nil {
		t.Fatal("Event after Close succeeded")
	}
}

func TestRolloutResumeAfterCrash(t *testing.T) {
	s := fixtureSession(t)
	events := exporttest.Events(t)
	// Cut in the middle of a call: proposed and started but not completed.
	cut := 0
	for i, ev := range events {
		if ev.Type == event.EvToolStarted && i > len(events)/2 {
			cut = i + 1
			break
		}
	}
	r, err := s.OpenRollout()
	if err != nil {
		t.Fatal(err)
	}
	// The rollout lags the log by a few events, and the crash tears a line.
	for _, ev := range events[:cut-3] {
		if err := r.Event(ev); err != nil {
			t.Fatal(err)
		}
	}
	r.Close()
	f, _ := os.OpenFile(r.Path(), os.O_WRONLY|os.O_APPEND, 0)
	f.WriteString(`{"timestamp":"2025-03-01T10:16:00.000Z","type":"response_it`)
	f.Close()

	r, err = s.OpenRollout()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if err := r.Resume(events[:cut]); err != nil {
		t.Fatal(err)
	}
	for _, ev := range events[cut:] {
		if err := r.Event(ev); err != nil {
			t.Fatal(err)
		}
	}
	r.Sync()
	live, _ := os.ReadFile(r.Path())
	if !bytes.Equal(live, exportOf(t, s, events)) {
		t.Fatalf("resumed rollout differs from the export:\n%s", live)
	}
	exporttest.CodexHistory(t, live)
}

func TestRolloutResumeRewritesAForeignFile(t *testing.T) {
	s := fixtureSession(t)
	events := exporttest.Events(t)
	r, err := s.OpenRollout()
	if err != nil {
		t.Fatal(err)
	}
	// Lines that the log does not explain (written by hand).
	if err := r.UserMessage("something else"); err != nil {
		t.Fatal(err)
	}
	if err := r.Resume(events); err != nil {
		t.Fatal(err)
	}
	r.Close()
	live, _ := os.ReadFile(r.Path())
	if !bytes.Equal(live, exportOf(t, s, events)) {
		t.Fatal("Resume did not rewrite the rollout from the log")
	}
	checkMode(t, r.Path(), 0o600)
}

func TestRolloutDirectMethods(t *testing.T) {
	s := fixtureSession(t)
	r, err := s.OpenRollout()
	if err != nil {
		t.Fatal(err)
	}
	call := event.ToolCall{Name: "fs.read", CanonicalArgs: []byte(`{"path":"a","offset":0,"limit":5}`)}
	steps := []func() error{
		func() error { return r.UserMessage("fix the bug") },
		func() error { return r.AssistantMessage("Reading a.") },
		func() error { return r.FunctionCall("call_1", call) },
		func() error { return r.FunctionCall("call_1", call) }, // duplicate: skipped
		func() error {
			return r.FunctionOutput("call_1", event.ToolResult{Status: event.ToolOK, Stdout: "x"})
		},
		func() error { return r.FunctionOutput("call_1", event.ToolResult{Status: event.ToolOK}) }, // skipped
		func() error { return r.FunctionCall("call_2", call) },
	}
	for _, step := range steps {
		if err := step(); err != nil {
			t.Fatal(err)
		}
	}
	r.Close()
	// Reopened, it knows call_2 is open and call_1 answered.
	r, err = s.OpenRollout()
	if err != nil {
		t.Fatal(err)
	}
	r.FunctionCall("call_1", call)
	r.FunctionOutput("call_2", event.ToolResult{Status: event.ToolError, Message: "gone"})
	r.Close()
	data, _ := os.ReadFile(r.Path())
	st := exporttest.CodexHistory(t, data)
	// session_meta, task_started, turn_context, user message and event,
	// assistant message and event, 2 calls, 2 outputs and the first's
	// exec_command_end (the second result names no tool).
	if st.Lines != 12 || st.Calls != 2 || st.Outputs != 2 || st.Messages != 2 {
		t.Fatalf("stats %+v\n%s", st, data)
	}
	exporttest.AssertNoProtocolXML(t, data)
}

// TestLogToRolloutFlow is the event-log actor's path: every event is
// written to the log, and the stored event fans out to the rollout. The
// rollout then equals the export of what is on disk.
func TestLogToRolloutFlow(t *testing.T) {
	s := fixtureSession(t)
	l := openLog(t, s)
	r, err := s.OpenRollout()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for i, ev := range exporttest.Events(t) {
		ev.Seq = 0
		commit := ev.Type == event.EvToolStarted || ev.Type == event.EvToolCompleted || ev.Type == event.EvModelMessageSent
		stored, err := l.Write(ev, commit)
		if err != nil {
			t.Fatal(err)
		}
		if stored.Seq != int64(i+1) || stored.SessionID != exporttest.ID || !stored.TS.Equal(ev.TS) {
			t.Fatalf("stored %+v", stored)
		}
		if err := r.Event(stored); err != nil {
			t.Fatal(err)
		}
	}
	r.Sync()
	onDisk, tail, err := s.Events()
	if err != nil || tail.Torn {
		t.Fatal(err, tail)
	}
	live, _ := os.ReadFile(r.Path())
	if !bytes.Equal(live, exportOf(t, s, onDisk)) {
		t.Fatal("rollout differs from the export of the log")
	}
}
