package actors

import (
	"errors"
	"fmt"

	"github.com/wtagent/wtagent/session/event"
)

// ErrIllegalTransition is returned for a controller state change that the
// turn state machine does not allow.
var ErrIllegalTransition = errors.New("illegal phase transition")

// escapes returns the phases every running phase may move to.
func escapes() []event.Phase {
	return []event.Phase{
		event.PhasePaused, event.PhaseRecovering, event.PhaseFailed, event.PhaseCancelled,
		// A manual takeover pauses at a safe point, which the controller
		// decides.
		event.PhaseTakeover,
	}
}

// legalTransitions returns the turn state machine's edges, apart from the
// escapes that every phase has. It is a function, not a global, so no
// caller can change the table.
func legalTransitions() map[event.Phase][]event.Phase {
	const (
		ini      = event.PhaseInitializing
		browser  = event.PhaseBrowserStarting
		auth     = event.PhaseAuthRequired
		ready    = event.PhaseReady
		conv     = event.PhaseConversationStarting
		sending  = event.PhaseSending
		waiting  = event.PhaseWaitingModel
		parsing  = event.PhaseParsing
		approval = event.PhaseApprovalRequired
		exec     = event.PhaseExecuting
		result   = event.PhaseSendingResult
		done     = event.PhaseCompleted
		paused   = event.PhasePaused
		recover  = event.PhaseRecovering
		failed   = event.PhaseFailed
		cancel   = event.PhaseCancelled
		takeover = event.PhaseTakeover
	)
	return map[event.Phase][]event.Phase{
		ini:      {browser},
		browser:  {auth, ready},
		auth:     {ready, browser},
		ready:    {conv, sending},
		conv:     {sending, auth},
		sending:  {waiting, auth},
		waiting:  {parsing, sending, auth},
		parsing:  {approval, exec, sending, result, done},
		approval: {exec, result},
		exec:     {result, approval},
		result:   {waiting, auth},
		done:     {sending, ready, browser},
		recover:  {browser, ready, conv, sending, waiting, parsing, approval, exec, result, done},
		paused:   {recover, browser, ready},
		failed:   {recover, browser, ready},
		cancel:   {recover, browser, ready, sending},
		takeover: {sending, waiting, parsing, result},
	}
}

// phaseMachine is the controller's turn state machine.
type phaseMachine struct {
	phase event.Phase
	edges map[event.Phase][]event.Phase
}

func newPhaseMachine() *phaseMachine {
	return &phaseMachine{phase: event.PhaseInitializing, edges: legalTransitions()}
}

// terminal reports whether p ends a run (it takes a new run or a resume to
// leave it, not an escape).
func terminal(p event.Phase) bool {
	switch p {
	case event.PhaseCompleted, event.PhasePaused, event.PhaseFailed, event.PhaseCancelled:
		return true
	}
	return false
}

// allowed reports whether the machine may move from one phase to another.
func (m *phaseMachine) allowed(from, to event.Phase) bool {
	for _, p := range m.edges[from] {
		if p == to {
			return true
		}
	}
	if !terminal(from) && from != to {
		for _, p := range escapes() {
			if p == to {
				return true
			}
		}
	}
	return false
}

// to moves the machine to phase p, or returns ErrIllegalTransition.
func (m *phaseMachine) to(p event.Phase) error {
	if !m.allowed(m.phase, p) {
		return fmt.Errorf("%w: %s → %s", ErrIllegalTransition, m.phase, p)
	}
	m.phase = p
	return nil
}
