package status

import (
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/session/event"
)

// ev is an event of type t with payload p (nil for none).
func ev(t *testing.T, typ event.Type, callID string, p any) event.Event {
	t.Helper()
	e := event.Event{Type: typ, SessionID: "s", Turn: 1, CallID: callID}
	if p != nil {
		b, err := event.EncodePayload(p)
		if err != nil {
			t.Fatal(err)
		}
		e.Payload = b
	}
	return e
}

// TestStatusShowsEveryRunningCall: the reads of a batch run at once, and
// the status lists each of them until its result is recorded.
func TestStatusShowsEveryRunningCall(t *testing.T) {
	now := time.Unix(1000, 0)
	l := NewLive(messages.Status{})
	started := func(callID, path string) event.Event {
		call := event.ToolCall{Name: "fs.read", Args: &protocol.FSReadArgs{Path: path}, CanonicalArgs: []byte(`{"path":"` + path + `"}`)}
		return ev(t, event.EvToolStarted, callID, event.ToolProposedPayload{OpKey: callID, Call: call})
	}
	l.Apply(started("call_a", "a.txt"), now)
	l.Apply(started("call_b", "b.txt"), now)
	st := l.Snapshot(now)
	if len(st.Tools) != 2 || st.Tools[0].CallID != "call_a" || st.Tools[1].CallID != "call_b" || st.Tool == nil || st.Tool.CallID != "call_a" {
		t.Fatalf("two running calls: %+v (current %+v)", st.Tools, st.Tool)
	}
	l.Apply(ev(t, event.EvToolCompleted, "call_a", event.ToolCompletedPayload{OpKey: "call_a"}), now)
	st = l.Snapshot(now)
	if len(st.Tools) != 1 || st.Tool.CallID != "call_b" || !strings.Contains(st.Tool.Summary, "b.txt") {
		t.Fatalf("after one result: %+v", st.Tools)
	}
	l.Apply(ev(t, event.EvToolUnknown, "call_b", event.ToolCompletedPayload{OpKey: "call_b"}), now)
	if st = l.Snapshot(now); len(st.Tools) != 0 || st.Tool != nil {
		t.Fatalf("after both: %+v %+v", st.Tools, st.Tool)
	}
}

// TestLiveApply: each event the status follows changes the field it is
// about, from a status that is mid-run (a tool running, paused, queued).
func TestLiveApply(t *testing.T) {
	at := time.Unix(2000, 0)
	base := func() messages.Status {
		return messages.Status{Phase: event.PhaseExecuting, Paused: messages.PausedTakeover,
			Queued: []event.QueueInstruction{{ID: "q1", Text: "one"}, {ID: "q2", Text: "two"}}}
	}
	cases := []struct {
		name  string
		ev    event.Event
		check func(messages.Status) bool
	}{
		{"phase", ev(t, event.EvPhaseChanged, "", event.PhaseChanged{To: event.PhaseWaitingModel}),
			func(s messages.Status) bool { return s.Phase == event.PhaseWaitingModel }},
		{"conversation", ev(t, event.EvConversationStart, "", event.ConversationPayload{Cursor: "https://chat/c/1"}),
			func(s messages.Status) bool { return s.Cursor == "https://chat/c/1" }},
		{"queued", ev(t, event.EvQueued, "", event.QueueInstruction{ID: "q3", Text: "three"}),
			func(s messages.Status) bool { return len(s.Queued) == 3 && s.Queued[2].ID == "q3" }},
		{"queued sent", ev(t, event.EvModelMessageSending, "", event.MessageSentPayload{Queued: []string{"q1"}}),
			func(s messages.Status) bool { return len(s.Queued) == 1 && s.Queued[0].ID == "q2" }},
		{"handed back", ev(t, event.EvHandedBack, "", nil),
			func(s messages.Status) bool { return s.Paused == "" }},
		{"sent", ev(t, event.EvModelMessageSent, "", nil),
			func(s messages.Status) bool { return s.ModelState == event.ModelThinking }},
		{"reply", ev(t, event.EvModelMessageComplete, "", nil),
			func(s messages.Status) bool { return s.ModelState == event.ModelReady }},
		{"parsed, long message", ev(t, event.EvProtocolParsed, "", event.ParsedPayload{Message: strings.Repeat("界", 200)}),
			func(s messages.Status) bool {
				return strings.HasSuffix(s.LastMessage, "…") && len(s.LastMessage) <= 300+len("…") && strings.ToValidUTF8(s.LastMessage, "?") == s.LastMessage
			}},
		{"run completed", ev(t, event.EvRunCompleted, "", event.RunEndPayload{Outcome: event.OutcomeCompleted}),
			func(s messages.Status) bool { return s.Phase == event.PhaseCompleted && s.Paused == "" }},
		{"run interrupted", ev(t, event.EvRunInterrupted, "", event.RunEndPayload{}),
			func(s messages.Status) bool { return s.Phase == event.PhasePaused }},
		{"process", ev(t, event.EvProcessChanged, "", event.ProcessPayload{Info: event.ProcessInfo{ID: "p1"}}),
			func(s messages.Status) bool { return len(s.Processes) == 1 && s.Processes[0].ID == "p1" }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := NewLive(base())
			c.ev.Turn = 4
			l.Apply(c.ev, at)
			st := l.Snapshot(at)
			if !c.check(st) || st.Turn != 4 || !st.UpdatedAt.Equal(at) {
				t.Fatalf("after %s: %+v", c.ev.Type, st)
			}
		})
	}
}

// TestLiveActors: a change is newer than what a supervisor lists; a gone
// actor is forgotten; the snapshot sorts them by path.
func TestLiveActors(t *testing.T) {
	l := NewLive(messages.Status{})
	l.ActorChanged(messages.ActorChanged{Info: messages.ActorInfo{Path: "root/session/model", State: "running", Incarnation: 2}})
	l.KnowActor(messages.ActorInfo{Path: "root/session/model", State: "running", Incarnation: 1})
	l.KnowActor(messages.ActorInfo{Path: "root/session/eventlog", State: "running"})
	l.KnowActor(messages.ActorInfo{Path: "root/session/gone", State: "running"})
	l.ActorChanged(messages.ActorChanged{Info: messages.ActorInfo{Path: "root/session/gone"}, Gone: true})
	got := l.Snapshot(time.Unix(0, 0)).Actors
	if len(got) != 2 || got[0].Path != "root/session/eventlog" || got[1].Path != "root/session/model" || got[1].Incarnation != 2 {
		t.Fatalf("actors = %+v", got)
	}
}
