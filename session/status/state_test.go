package status

import (
	"reflect"
	"testing"

	"github.com/wtagent/wtagent/session"
	"github.com/wtagent/wtagent/session/event"
)

// TestUpdateState: each event session.json follows changes its fields, and
// only run boundaries and a conversation's opening ask for a write now.
func TestUpdateState(t *testing.T) {
	pending := &event.Binding{Turn: 3, Cursor: "https://chat/c/2"}
	mid := func() session.State {
		return session.State{Task: "first task", PID: 7, Phase: event.PhaseExecuting, Cursor: "https://chat/c/1", Turn: 2,
			Outcome: event.OutcomeInterrupted, Reason: "limit"}
	}
	cases := []struct {
		name string
		ev   event.Event
		now  bool
		want func(*session.State)
	}{
		{"run resumed", ev(t, event.EvRunResumed, "", event.RunStartedPayload{Task: "second task", PID: 9, Mode: "pro", Effort: "high"}), true,
			func(s *session.State) {
				s.PID, s.Mode, s.Effort, s.Outcome, s.Reason, s.Phase = 9, "pro", "high", "", "", event.PhaseInitializing
			}},
		{"phase", ev(t, event.EvPhaseChanged, "", event.PhaseChanged{To: event.PhaseWaitingModel}), false,
			func(s *session.State) { s.Phase = event.PhaseWaitingModel }},
		{"conversation rolled", ev(t, event.EvConversationRoll, "", event.ConversationPayload{Cursor: "https://chat/c/9"}), true,
			func(s *session.State) { s.Cursor = "https://chat/c/9" }},
		{"mode requested", ev(t, event.EvModeRequested, "", event.ModePayload{Mode: "thinking", Effort: "light"}), true,
			func(s *session.State) { s.Mode, s.Effort = "thinking", "light" }},
		{"message sent", ev(t, event.EvModelMessageSent, "", event.MessageSentPayload{Binding: *pending, ResultOps: []string{"op1"}}), false,
			func(s *session.State) {
				s.Pending, s.PendingResultOps, s.Cursor = pending, []string{"op1"}, pending.Cursor
			}},
		{"reply", ev(t, event.EvModelMessageComplete, "", event.MessageCompletePayload{Reply: event.Reply{Cursor: "https://chat/c/3"}}), false,
			func(s *session.State) { s.Cursor = "https://chat/c/3" }},
		{"run failed", ev(t, event.EvRunFailed, "", event.RunEndPayload{Outcome: event.OutcomeFailed, Reason: "browser gone"}), true,
			func(s *session.State) {
				s.Outcome, s.Reason, s.Phase, s.PID = event.OutcomeFailed, "browser gone", event.PhaseFailed, 0
			}},
		{"run cancelled", ev(t, event.EvRunCancelled, "", event.RunEndPayload{Outcome: event.OutcomeCancelled}), true,
			func(s *session.State) {
				s.Outcome, s.Reason, s.Phase, s.PID = event.OutcomeCancelled, "", event.PhaseCancelled, 0
			}},
		{"an event it does not follow", ev(t, event.EvToolStarted, "c1", event.ToolProposedPayload{OpKey: "c1"}), false,
			func(*session.State) {}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, want := mid(), mid()
			c.want(&want)
			if now := UpdateState(&got, c.ev); now != c.now || !reflect.DeepEqual(got, want) {
				t.Fatalf("UpdateState = %v, %+v; want %v, %+v", now, got, c.now, want)
			}
		})
	}
}
