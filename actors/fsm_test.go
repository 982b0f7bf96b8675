package actors

import (
	"errors"
	"testing"

	"github.com/wtagent/wtagent/session/event"
)

func allPhases() []event.Phase {
	return []event.Phase{
		event.PhaseInitializing, event.PhaseBrowserStarting, event.PhaseAuthRequired,
		event.PhaseReady, event.PhaseConversationStarting, event.PhaseSending,
		event.PhaseWaitingModel, event.PhaseParsing, event.PhaseApprovalRequired,
		event.PhaseExecuting, event.PhaseSendingResult, event.PhaseCompleted,
		event.PhasePaused, event.PhaseRecovering, event.PhaseFailed, event.PhaseCancelled,
	}
}

func TestPhaseMachineHappyPath(t *testing.T) {
	m := newPhaseMachine()
	path := []event.Phase{
		event.PhaseBrowserStarting, event.PhaseAuthRequired, event.PhaseReady,
		event.PhaseConversationStarting, event.PhaseSending, event.PhaseWaitingModel,
		event.PhaseParsing, event.PhaseApprovalRequired, event.PhaseExecuting,
		event.PhaseSendingResult, event.PhaseWaitingModel, event.PhaseParsing,
		event.PhaseExecuting, event.PhaseSendingResult, event.PhaseWaitingModel,
		event.PhaseParsing, event.PhaseCompleted,
	}
	for _, p := range path {
		if err := m.to(p); err != nil {
			t.Fatalf("to %s: %v", p, err)
		}
	}
}

func TestPhaseMachineRejectsIllegal(t *testing.T) {
	cases := []struct{ from, to event.Phase }{
		{event.PhaseInitializing, event.PhaseExecuting},
		{event.PhaseInitializing, event.PhaseCompleted},
		{event.PhaseSending, event.PhaseExecuting},
		{event.PhaseWaitingModel, event.PhaseExecuting},
		{event.PhaseWaitingModel, event.PhaseCompleted},
		{event.PhaseExecuting, event.PhaseParsing},
		{event.PhaseExecuting, event.PhaseCompleted},
		{event.PhaseApprovalRequired, event.PhaseCompleted},
		{event.PhaseSendingResult, event.PhaseExecuting},
		{event.PhaseCompleted, event.PhaseExecuting},
		{event.PhaseCompleted, event.PhaseFailed},
		{event.PhaseFailed, event.PhaseExecuting},
		{event.PhasePaused, event.PhaseExecuting},
		{event.PhaseCancelled, event.PhasePaused},
		{event.PhaseParsing, event.PhaseParsing},
	}
	for _, c := range cases {
		m := newPhaseMachine()
		m.phase = c.from
		err := m.to(c.to)
		if !errors.Is(err, ErrIllegalTransition) {
			t.Errorf("%s → %s: got %v, want ErrIllegalTransition", c.from, c.to, err)
		}
		if m.phase != c.from {
			t.Errorf("%s → %s: phase changed to %s on a rejected transition", c.from, c.to, m.phase)
		}
	}
}

// TestPhaseMachineEscapes checks that every running phase can pause, recover,
// fail or be cancelled, and that a terminal phase cannot escape again.
func TestPhaseMachineEscapes(t *testing.T) {
	for _, from := range allPhases() {
		for _, to := range escapes() {
			m := newPhaseMachine()
			m.phase = from
			err := m.to(to)
			switch {
			case from == to:
				if err == nil {
					t.Errorf("%s → itself allowed", from)
				}
			case terminal(from) && !m.allowed(from, to):
				if err == nil {
					t.Errorf("terminal %s → %s allowed", from, to)
				}
			case !terminal(from) && err != nil:
				t.Errorf("%s → %s: %v", from, to, err)
			}
		}
	}
}

// TestPhaseMachineEveryPhaseReachable walks the graph from INITIALIZING.
func TestPhaseMachineEveryPhaseReachable(t *testing.T) {
	m := newPhaseMachine()
	seen := map[event.Phase]bool{event.PhaseInitializing: true}
	queue := []event.Phase{event.PhaseInitializing}
	for len(queue) > 0 {
		from := queue[0]
		queue = queue[1:]
		for _, to := range allPhases() {
			if m.allowed(from, to) && !seen[to] {
				seen[to] = true
				queue = append(queue, to)
			}
		}
	}
	for _, p := range allPhases() {
		if !seen[p] {
			t.Errorf("phase %s unreachable", p)
		}
	}
}
