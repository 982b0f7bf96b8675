package actors

import (
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/session/event"
	"github.com/wtagent/wtagent/supervisor"
)

func TestEventMapsOntoActorChanged(t *testing.T) {
	at := time.Unix(100, 0)
	ev := supervisor.Event{Kind: supervisor.EventExited, Child: supervisor.ChildInfo{
		ID: "browser", Path: "root/session/browser", State: supervisor.StateFailed,
		Incarnation: 3, Restarts: 2, LastErr: "panic: x", Since: at,
	}}
	got := actorChanged(ev)
	if !got.Gone || got.Info.Path != "root/session/browser" || got.Info.State != "failed" ||
		got.Info.Incarnation != 3 || got.Info.Restarts != 2 || got.Info.LastError != "panic: x" || !got.Info.Since.Equal(at) {
		t.Fatalf("ActorChanged = %+v", got)
	}
	ev.Child.State = supervisor.StateRestarting
	if actorChanged(ev).Gone {
		t.Fatal("a restarting child is not gone")
	}
}

// TestStatusShowsEveryRunningCall: the reads of a batch run at once, and
// the status lists each of them until its result is recorded.
func TestStatusShowsEveryRunningCall(t *testing.T) {
	now := time.Unix(1000, 0)
	s := &statusActor{cfg: &Config{Now: func() time.Time { return now }}}
	started := func(callID, path string) event.Event {
		call := event.ToolCall{Name: "fs.read", Args: &protocol.FSReadArgs{Path: path}, CanonicalArgs: []byte(`{"path":"` + path + `"}`)}
		return newEvent(event.EvToolStarted, "s", 1, callID, event.ToolProposedPayload{OpKey: callID, Call: call})
	}
	s.apply(started("call_a", "a.txt"))
	s.apply(started("call_b", "b.txt"))
	st := s.snapshot()
	if len(st.Tools) != 2 || st.Tools[0].CallID != "call_a" || st.Tools[1].CallID != "call_b" || st.Tool == nil || st.Tool.CallID != "call_a" {
		t.Fatalf("two running calls: %+v (current %+v)", st.Tools, st.Tool)
	}
	s.apply(newEvent(event.EvToolCompleted, "s", 1, "call_a", event.ToolCompletedPayload{OpKey: "call_a"}))
	st = s.snapshot()
	if len(st.Tools) != 1 || st.Tool.CallID != "call_b" || !strings.Contains(st.Tool.Summary, "b.txt") {
		t.Fatalf("after one result: %+v", st.Tools)
	}
	s.apply(newEvent(event.EvToolUnknown, "s", 1, "call_b", event.ToolCompletedPayload{OpKey: "call_b"}))
	if st = s.snapshot(); len(st.Tools) != 0 || st.Tool != nil {
		t.Fatalf("after both: %+v %+v", st.Tools, st.Tool)
	}
}
