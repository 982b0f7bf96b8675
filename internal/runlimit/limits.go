package runlimit

import (
	"fmt"
	"time"

	"github.com/wtagent/wtagent/protocol"
)

// Limits bound a run. Hitting one interrupts the run (exit code 3); the
// session stays resumable.
type Limits struct {
	// MaxTurns is the most model replies per run.
	MaxTurns int `json:"max_turns"`
	// TurnWait is the longest wait for one model reply.
	TurnWait time.Duration `json:"turn_wait"`
	// ToolTime caps any one tool call's deadline.
	ToolTime time.Duration `json:"tool_time"`
	// ProtocolErrors is the most consecutive replies that break the
	// protocol.
	ProtocolErrors int `json:"protocol_errors"`
	// IdenticalCalls is the most consecutive identical tool calls.
	IdenticalCalls int `json:"identical_calls"`
	// Nudges is the most consecutive "continue" nudges (done refused, no
	// tool call, empty replies).
	Nudges int `json:"nudges"`
	// DoneRefusals is the most done=true replies the done gate refuses in
	// a run for missing evidence; one more ends the run unfinished.
	DoneRefusals int `json:"done_refusals"`
	// OutputPerCall is the most bytes of one tool result sent to the model.
	OutputPerCall int `json:"output_per_call"`
	// OutputPerRun is the most bytes of tool results sent in one run.
	OutputPerRun int64 `json:"output_per_run"`
	// RunDuration is the longest a run may take.
	RunDuration time.Duration `json:"run_duration"`
	// CallsPerReply is the most tool calls one model reply may hold, from
	// 1 to protocol.MaxCallsLimit (the calls-per-reply setting); 0 means 1.
	CallsPerReply int `json:"calls_per_reply,omitempty"`
	// ChainChanges lets a reply with several calls carry several changes
	// after its reads, run one at a time in order until one does not
	// succeed (the chain-changes setting); off keeps one change, last.
	ChainChanges bool `json:"chain_changes,omitempty"`
	// MaxSubagents is how many sub-agents (agent.run) run at once, from 1
	// to MaxSubagentsLimit (the max-subagents setting); the rest wait. 0
	// means DefaultMaxSubagents.
	MaxSubagents int `json:"max_subagents,omitempty"`
}

// DefaultMaxSubagents and MaxSubagentsLimit bound the max-subagents
// setting.
const (
	DefaultMaxSubagents = 3
	MaxSubagentsLimit   = 8
)

// CheckMaxSubagents refuses a max-subagents setting outside
// 1..MaxSubagentsLimit.
func CheckMaxSubagents(n int) error {
	if n < 1 || n > MaxSubagentsLimit {
		return fmt.Errorf("max-subagents must be 1 to %d, got %d", MaxSubagentsLimit, n)
	}
	return nil
}

// DefaultCallsPerReply is the calls-per-reply setting when none is
// configured: a reply may batch reads before one change (1 restores the
// seed's V1 protocol).
const DefaultCallsPerReply = 8

// Default returns the limits used when nothing is configured.
func Default() Limits {
	return Limits{
		MaxTurns:       80,
		TurnWait:       20 * time.Minute,
		ToolTime:       time.Hour,
		ProtocolErrors: 4,
		IdenticalCalls: 4,
		Nudges:         6,
		DoneRefusals:   3,
		OutputPerCall:  48 << 10,
		OutputPerRun:   8 << 20,
		RunDuration:    6 * time.Hour,
		CallsPerReply:  DefaultCallsPerReply,
		ChainChanges:   true,
		MaxSubagents:   DefaultMaxSubagents,
	}
}

// Validate reports a limit that makes no sense.
func (l Limits) Validate() error {
	switch {
	case l.MaxTurns < 1:
		return fmt.Errorf("max turns must be at least 1, got %d", l.MaxTurns)
	case l.TurnWait <= 0, l.ToolTime <= 0, l.RunDuration <= 0:
		return fmt.Errorf("turn wait, tool time and run duration must be positive")
	case l.ProtocolErrors < 1, l.IdenticalCalls < 1, l.Nudges < 1, l.DoneRefusals < 1:
		return fmt.Errorf("protocol errors, identical calls, nudges and done refusals must be at least 1")
	case l.OutputPerCall < 1024, l.OutputPerRun < int64(l.OutputPerCall):
		return fmt.Errorf("output per call must be at least 1 KiB and no more than output per run")
	case l.MaxSubagents != 0 && CheckMaxSubagents(l.MaxSubagents) != nil:
		return CheckMaxSubagents(l.MaxSubagents)
	case l.CallsPerReply != 0:
		return CheckCallsPerReply(l.CallsPerReply)
	}
	return nil
}

// CheckCallsPerReply reports a calls-per-reply setting outside 1 to
// protocol.MaxCallsLimit.
func CheckCallsPerReply(n int) error {
	if n < 1 || n > protocol.MaxCallsLimit {
		return fmt.Errorf("calls-per-reply must be from 1 to %d, got %d", protocol.MaxCallsLimit, n)
	}
	return nil
}

// Error is a limit the run hit.
type Error struct {
	// Name is the limit's name: its config key (and flag, where one
	// sets it), e.g. max-turns.
	Name string
	// Detail is a human sentence.
	Detail string
}

// Error implements error.
func (e *Error) Error() string { return fmt.Sprintf("limit %s reached: %s", e.Name, e.Detail) }
