package actors

import (
	"errors"
	"testing"

	"github.com/wtagent/wtagent/messages"
)

func allPhases() []messages.Phase {
	return []messages.Phase{
		messages.PhaseInitializing, messages.PhaseBrowserStarting, messages.PhaseAuthRequired,
		messages.PhaseReady, messages.PhaseConversationStarting, messages.PhaseSending,
		messages.PhaseWaitingModel, messages.PhaseParsing, messages.PhaseApprovalRequired,
		messages.PhaseExecuting, messages.PhaseSendingResult, messages.PhaseCompleted,
		messages.PhasePaused, messages.PhaseRecovering, messages.PhaseFailed, messages.PhaseCancelled,
	}
}

func TestPhaseMachineHappyPath(t *testing.T) {
	m := newPhaseMachine()
	path := []messages.Phase{
		messages.PhaseBrowserStarting, messages.PhaseAuthRequired, messages.PhaseReady,
		messages.PhaseConversationStarting, messages.PhaseSending, messages.PhaseWaitingModel,
		messages.PhaseParsing, messages.PhaseApprovalRequired, messages.PhaseExecuting,
		messages.PhaseSendingResult, messages.PhaseWaitingModel, messages.PhaseParsing,
		messages.PhaseExecuting, messages.PhaseSendingResult, messages.PhaseWaitingModel,
		messages.PhaseParsing, messages.PhaseCompleted,
	}
	for _, p := range path {
		if err := m.to(p); err != nil {
			t.Fatalf("to %s: %v", p, err)
		}
	}
}

func TestPhaseMachineRejectsIllegal(t *testing.T) {
	cases := []struct{ from, to messages.Phase }{
		{messages.PhaseInitializing, messages.PhaseExecuting},
		{messages.PhaseInitializing, messages.PhaseCompleted},
		{messages.PhaseSending, messages.PhaseExecuting},
		{messages.PhaseWaitingModel, messages.PhaseExecuting},
		{messages.PhaseWaitingModel, messages.PhaseCompleted},
		{messages.PhaseExecuting, messages.PhaseParsing},
		{messages.PhaseExecuting, messages.PhaseCompleted},
		{messages.PhaseApprovalRequired, messages.PhaseCompleted},
		{messages.PhaseSendingResult, messages.PhaseExecuting},
		{messages.PhaseCompleted, messages.PhaseExecuting},
		{messages.PhaseCompleted, messages.PhaseFailed},
		{messages.PhaseFailed, messages.PhaseExecuting},
		{messages.PhasePaused, messages.PhaseExecuting},
		{messages.PhaseCancelled, messages.PhasePaused},
		{messages.PhaseParsing, messages.PhaseParsing},
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
	seen := map[messages.Phase]bool{messages.PhaseInitializing: true}
	queue := []messages.Phase{messages.PhaseInitializing}
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
