package session

import (
	"encoding/json"
	"regexp"
	"testing"

	"github.com/wtagent/wtagent/internal/export/exporttest"
	"github.com/wtagent/wtagent/session/event"
)

func TestOpKey(t *testing.T) {
	args := []byte(`{"path":"a"}`)
	base := event.OpKey("s", "m", 1, "fs.read", args)
	if !regexp.MustCompile(`^[0-9a-f]{64}$`).MatchString(base) || base != event.OpKey("s", "m", 1, "fs.read", args) {
		t.Fatalf("OpKey = %q, not a stable sha256 hex", base)
	}
	variants := []string{
		event.OpKey("t", "m", 1, "fs.read", args), event.OpKey("s", "n", 1, "fs.read", args),
		event.OpKey("s", "m", 2, "fs.read", args), event.OpKey("s", "m", 1, "fs.list", args),
		event.OpKey("s", "m", 1, "fs.read", []byte(`{"path":"b"}`)),
		// Field boundaries matter: moving bytes between fields changes the key.
		event.OpKey("sm", "", 1, "fs.read", args), event.OpKey("s", "m1", 0, "fs.read", args),
	}
	seen := map[string]bool{base: true}
	for i, k := range variants {
		if seen[k] {
			t.Errorf("variant %d collides", i)
		}
		seen[k] = true
	}
	if event.OpKeyAt("s", "m", 1, 0, "fs.read", args) != base {
		t.Fatal("OpKeyAt(index 0) is not OpKey's key: one-call logs would not resume")
	}
	for _, i := range []int{1, 2} {
		k := event.OpKeyAt("s", "m", 1, i, "fs.read", args)
		if seen[k] {
			t.Errorf("OpKeyAt(index %d) collides", i)
		}
		seen[k] = true
	}
	if id := event.CallID(base); id != "call_"+base[:16] {
		t.Fatalf("CallID = %q", id)
	}
	if id := event.CallID("not hex at all, but long"); !regexp.MustCompile(`^call_[0-9a-f]{16}$`).MatchString(id) {
		t.Fatalf("event.CallID(non-hex) = %q", id)
	}
}

// ledgerEvents builds tool events for op keys in given stages.
type ledgerEvents struct {
	exporttest.Builder
}

func (b *ledgerEvents) stage(typ event.Type, key, tool string) {
	call := event.ToolCall{Name: tool, CanonicalArgs: json.RawMessage(`{}`)}
	switch typ {
	case event.EvToolCompleted, event.EvToolUnknown, event.EvToolReused:
		b.Add(typ, event.CallID(key), event.ToolCompletedPayload{OpKey: key,
			Result: event.ToolResult{CallID: event.CallID(key), Tool: tool, Status: event.ToolOK, Message: string(typ)}})
	default:
		b.Add(typ, event.CallID(key), event.ToolProposedPayload{OpKey: key, Call: call})
	}
}

func TestLedgerRecover(t *testing.T) {
	b := &ledgerEvents{exporttest.Builder{T: t}}
	// sent: completed and result_sent; done.
	b.stage(event.EvToolProposed, "sent", "fs.write")
	b.stage(event.EvToolStarted, "sent", "fs.write")
	b.stage(event.EvToolCompleted, "sent", "fs.write")
	b.Add(event.EvModelMessageSent, "", event.MessageSentPayload{ResultOps: []string{"sent"}})
	// unsent: completed but the message carrying it never went out.
	b.stage(event.EvToolProposed, "unsent", "terminal.exec")
	b.stage(event.EvToolPrepared, "unsent", "terminal.exec")
	b.stage(event.EvToolStarted, "unsent", "terminal.exec")
	b.stage(event.EvToolCompleted, "unsent", "terminal.exec")
	// prepared only, and proposed only.
	b.stage(event.EvToolProposed, "prepared", "terminal.exec")
	b.stage(event.EvToolPrepared, "prepared", "terminal.exec")
	b.stage(event.EvToolProposed, "proposed", "fs.write")
	// started, read-only vs side effects.
	b.stage(event.EvToolStarted, "read", "fs.read")
	b.stage(event.EvToolStarted, "exec", "terminal.exec")
	// outcome recorded as unknown: its result is saved, so it is resent.
	b.stage(event.EvToolStarted, "lost", "terminal.exec")
	b.stage(event.EvToolUnknown, "lost", "terminal.exec")
	// A re-logged proposal after completion never moves the stage back.
	b.stage(event.EvToolProposed, "unsent", "terminal.exec")

	l := NewLedger()
	for _, ev := range b.Events {
		if err := l.Apply(ev); err != nil {
			t.Fatal(err)
		}
	}
	readOnly := func(tool string) bool { return tool == "fs.read" || tool == "fs.list" }
	got := l.Recover(readOnly)
	want := []struct {
		key    string
		action RecoveryAction
		stage  Stage
	}{
		{"unsent", RecoverResend, StageCompleted},
		{"prepared", RecoverRecheck, StagePrepared},
		{"proposed", RecoverRecheck, StageProposed},
		{"read", RecoverRerun, StageStarted},
		{"exec", RecoverUnknown, StageStarted},
		{"lost", RecoverResend, StageCompleted},
	}
	if len(got) != len(want) {
		t.Fatalf("Recover = %+v", got)
	}
	for i, w := range want {
		g := got[i]
		if g.Op.Key != w.key || g.Action != w.action || g.Op.Stage != w.stage || g.Op.CallID != event.CallID(w.key) {
			t.Errorf("recovery %d = %s %s %s, want %s %s %s", i, g.Op.Key, g.Action, g.Op.Stage, w.key, w.action, w.stage)
		}
	}
	if r := got[0].Op.Result; r == nil || r.Message != "tool.completed" {
		t.Errorf("resend carries result %+v", r)
	}
	if !got[5].Op.Unknown || !got[3].Op.ReadOnly || got[4].Op.ReadOnly {
		t.Errorf("flags: lost.Unknown=%v read.ReadOnly=%v exec.ReadOnly=%v", got[5].Op.Unknown, got[3].Op.ReadOnly, got[4].Op.ReadOnly)
	}
	if op, ok := l.Op("sent"); !ok || op.Stage != StageResultSent {
		t.Errorf("sent op = %+v", op)
	}
	if op, ok := l.ByCallID(event.CallID("exec")); !ok || op.Key != "exec" {
		t.Errorf("ByCallID = %+v %v", op, ok)
	}
	if l.Len() != 7 || len(l.Ops()) != 7 {
		t.Errorf("Len = %d", l.Len())
	}
	// Without a catalogue nothing is assumed read-only.
	for _, r := range l.Recover(nil) {
		if r.Action == RecoverRerun {
			t.Errorf("rerun %s without knowing it is read-only", r.Op.Key)
		}
	}
}

func TestLedgerRejectsBadPayloads(t *testing.T) {
	for _, ev := range []event.Event{
		{Seq: 1, Type: event.EvToolProposed},
		{Seq: 1, Type: event.EvToolStarted, Payload: json.RawMessage(`{"op_key":""}`)},
		{Seq: 1, Type: event.EvToolCompleted, Payload: json.RawMessage(`[1]`)},
		{Seq: 1, Type: event.EvModelMessageSent, Payload: json.RawMessage(`{"result_ops":"x"}`)},
	} {
		if err := NewLedger().Apply(ev); err == nil {
			t.Errorf("Apply(%s %s) accepted", ev.Type, ev.Payload)
		}
	}
	if err := NewLedger().Apply(event.Event{Type: event.EvBrowserStarted}); err != nil {
		t.Errorf("unrelated event: %v", err)
	}
}

func TestStageString(t *testing.T) {
	for st, want := range map[Stage]string{StageProposed: "proposed", StagePrepared: "prepared", StageStarted: "started",
		StageCompleted: "completed", StageResultSent: "result_sent", 0: "stage(0)"} {
		if b, _ := st.MarshalText(); st.String() != want || string(b) != want {
			t.Errorf("%d = %q", st, st.String())
		}
	}
}
