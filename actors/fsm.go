package actors

import (
	"errors"
	"fmt"

	"github.com/wtagent/wtagent/messages"
)

// ErrIllegalTransition is returned for a controller state change that the
// turn state machine does not allow.
var ErrIllegalTransition = errors.New("illegal phase transition")

// escapes returns the phases every running phase may move to.
func escapes() []messages.Phase {
	return []messages.Phase{
		messages.PhasePaused, messages.PhaseRecovering, messages.PhaseFailed, messages.PhaseCancelled,
		// A manual takeover pauses at a safe point, which the controller
		// decides.
		messages.PhaseTakeover,
	}
}

// legalTransitions returns the turn state machine's edges, apart from the
// escapes that every phase has. It is a function, not a global, so no
// caller can change the table.
func legalTransitions() map[messages.Phase][]messages.Phase {
	const (
		ini      = messages.PhaseInitializing
		browser  = messages.PhaseBrowserStarting
		auth     = messages.PhaseAuthRequired
		ready    = messages.PhaseReady
		conv     = messages.PhaseConversationStarting
		sending  = messages.PhaseSending
		waiting  = messages.PhaseWaitingModel
		parsing  = messages.PhaseParsing
		approval = messages.PhaseApprovalRequired
		exec     = messages.PhaseExecuting
		result   = messages.PhaseSendingResult
		done     = messages.PhaseCompleted
		paused   = messages.PhasePaused
		recover  = messages.PhaseRecovering
		failed   = messages.PhaseFailed
		cancel   = messages.PhaseCancelled
		takeover = messages.PhaseTakeover
	)
	return map[messages.Phase][]messages.Phase{
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
	phase messages.Phase
	edges map[messages.Phase][]messages.Phase
}

func newPhaseMachine() *phaseMachine {
	return &phaseMachine{phase: messages.PhaseInitializing, edges: legalTransitions()}
}

// terminal reports whether p ends a run (it takes a new run or a resume to
// leave it, not an escape).
func terminal(p messages.Phase) bool {
	switch p {
	case messages.PhaseCompleted, messages.PhasePaused, messages.PhaseFailed, messages.PhaseCancelled:
		return true
	}
	return false
}

// allowed reports whether the machine may move from one phase to another.
func (m *phaseMachine) allowed(from, to messages.Phase) bool {
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
func (m *phaseMachine) to(p messages.Phase) error {
	if !m.allowed(m.phase, p) {
		return fmt.Errorf("%w: %s → %s", ErrIllegalTransition, m.phase, p)
	}
	m.phase = p
	return nil
}
