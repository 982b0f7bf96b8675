package runlimit

import (
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/protocol"
)

// TestValidate: the defaults are valid, and each limit that makes no
// sense is refused with a sentence naming it.
func TestValidate(t *testing.T) {
	cases := []struct {
		name string
		set  func(*Limits)
		want string // "" when valid
	}{
		{"defaults", func(*Limits) {}, ""},
		{"one turn", func(l *Limits) { l.MaxTurns = 1 }, ""},
		{"no turns", func(l *Limits) { l.MaxTurns = 0 }, "max turns must be at least 1, got 0"},
		{"no turn wait", func(l *Limits) { l.TurnWait = 0 }, "turn wait, tool time and run duration must be positive"},
		{"negative tool time", func(l *Limits) { l.ToolTime = -time.Second }, "must be positive"},
		{"no run duration", func(l *Limits) { l.RunDuration = 0 }, "must be positive"},
		{"no protocol errors", func(l *Limits) { l.ProtocolErrors = 0 }, "protocol errors, identical calls, nudges and done refusals must be at least 1"},
		{"no done refusals", func(l *Limits) { l.DoneRefusals = 0 }, "done refusals must be at least 1"},
		{"tiny output per call", func(l *Limits) { l.OutputPerCall = 1023 }, "output per call must be at least 1 KiB"},
		{"run output under a call's", func(l *Limits) { l.OutputPerRun = int64(l.OutputPerCall) - 1 }, "no more than output per run"},
		{"sub-agents unset", func(l *Limits) { l.MaxSubagents = 0 }, ""},
		{"too many sub-agents", func(l *Limits) { l.MaxSubagents = MaxSubagentsLimit + 1 }, "max-subagents must be 1 to 8, got 9"},
		{"calls per reply unset", func(l *Limits) { l.CallsPerReply = 0 }, ""},
		{"too many calls per reply", func(l *Limits) { l.CallsPerReply = protocol.MaxCallsLimit + 1 }, "calls-per-reply must be from 1 to"},
		{"negative calls per reply", func(l *Limits) { l.CallsPerReply = -1 }, "calls-per-reply must be from 1 to"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := Default()
			c.set(&l)
			err := l.Validate()
			if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
				t.Fatalf("Validate() = %v, want %q", err, c.want)
			}
		})
	}
}

// TestError names the limit by its setting and says what happened.
func TestError(t *testing.T) {
	err := error(&Error{Name: "max-turns", Detail: "the run used its 80 model turns"})
	if got, want := err.Error(), "limit max-turns reached: the run used its 80 model turns"; got != want {
		t.Fatalf("Error() = %q, want %q", got, want)
	}
}
