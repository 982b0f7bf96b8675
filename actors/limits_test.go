package actors

import (
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/internal/runlimit"
	"github.com/wtagent/wtagent/model"
)

// TestLimitsInterruptTheRun: each loop the model can fall into is bounded,
// and hitting the bound interrupts the run (resumable), naming the limit.
func TestLimitsInterruptTheRun(t *testing.T) {
	same := reply(false, "Again.", toolCall("fs.list", "<path>.</path>"))
	repeat := func(r string, n int) []model.ScriptLine {
		var out []model.ScriptLine
		for i := 0; i < n; i++ {
			out = append(out, model.ScriptLine{Reply: r})
		}
		return scriptLines(out...)
	}
	for _, c := range []struct {
		name  string
		lines []model.ScriptLine
		set   func(*runlimit.Limits)
	}{
		{"protocol-errors", repeat("<agent_response><done>maybe</done></agent_response>", 10), func(l *runlimit.Limits) { l.ProtocolErrors = 3 }},
		{"identical-calls", repeat(same, 10), func(l *runlimit.Limits) { l.IdenticalCalls = 3 }},
		{"nudges", repeat(reply(false, "Thinking about it.", ""), 10), func(l *runlimit.Limits) { l.Nudges = 2 }},
		{"max-turns", repeat(reply(false, "Look.", toolCall("fs.list", "<depth>1</depth>")), 10), func(l *runlimit.Limits) { l.MaxTurns = 2 }},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, "loop", c.lines)
			h.cfg.Limits = runlimit.Default()
			c.set(&h.cfg.Limits)
			h.start()
			f := h.run("loop")
			if f.Outcome != event.OutcomeInterrupted || !strings.Contains(f.Reason, c.name) {
				t.Fatalf("outcome %s: %s", f.Outcome, f.Reason)
			}
			h.stop()
			if count(h.events(), event.EvLimitReached) != 1 {
				t.Fatal("limit not recorded")
			}
		})
	}
}
