package actors

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/internal/runlimit"
	"github.com/wtagent/wtagent/model"
)

// BenchmarkTurnOverhead measures what the runtime adds to each turn with the
// scripted model and a trivial tool: from a complete reply to the next
// message handed to the model (parse, policy, ledger, event log with its
// fsyncs, the tool, serialising the result). It reports the median and 90th
// percentile over 500 turns.
func BenchmarkTurnOverhead(b *testing.B) {
	medians, p90s := benchTurns(b, 500, 1)
	b.ReportMetric(medians[len(medians)/2], "ms/turn-median")
	b.ReportMetric(p90s[len(p90s)/2], "ms/turn-p90")
}

// BenchmarkBatchTurnOverhead is BenchmarkTurnOverhead with replies of 8
// reads (calls-per-reply 8) over 100 turns: what the runtime adds from a
// complete reply to the one message with the 8 results. ms/call is the
// median turn divided by 8, to set against BenchmarkTurnOverhead's
// ms/turn-median for one call.
func BenchmarkBatchTurnOverhead(b *testing.B) {
	const calls = 8
	medians, _ := benchTurns(b, 100, calls)
	b.ReportMetric(medians[len(medians)/2], "ms/turn-median")
	b.ReportMetric(medians[len(medians)/2]/calls, "ms/call")
}

// benchTurns runs b.N sessions of turns replies, each of calls reads of a
// small note (calls-per-reply calls), and returns each session's median
// and 90th percentile turn overhead, sorted.
func benchTurns(b *testing.B, turns, calls int) (medians, p90s []float64) {
	for i := 0; i < b.N; i++ {
		lines := make([]model.ScriptLine, 0, turns+1)
		for t := 0; t < turns; t++ {
			batch := ""
			for c := 0; c < calls; c++ {
				batch += toolCall("fs.read", fmt.Sprintf("<path>note.txt</path><offset>%d</offset>", (t+c)%3))
			}
			lines = append(lines, model.ScriptLine{Reply: reply(false, fmt.Sprintf("Step %d.", t), batch)})
		}
		lines = append(lines, model.ScriptLine{Reply: reply(true, "Done.", "")})
		for n := range lines {
			lines[n].Line = n + 1
		}
		h := newBenchHarness(b, lines)
		h.cfg.Limits = runlimit.Default()
		h.cfg.Limits.MaxTurns, h.cfg.Limits.IdenticalCalls = turns+10, turns*calls
		if calls > 1 {
			h.cfg.Limits.CallsPerReply = calls
		}
		if err := os.WriteFile(filepath.Join(h.root, "note.txt"), []byte("one\ntwo\nthree\n"), 0o644); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		h.start()
		f := h.run("read the note")
		h.stop()
		b.StopTimer()
		if f.Outcome != event.OutcomeCompleted {
			b.Fatalf("outcome %s: %s", f.Outcome, f.Reason)
		}
		d := turnOverheads(h.events())
		if len(d) < turns-1 {
			b.Fatalf("%d turn gaps measured, want %d", len(d), turns-1)
		}
		sort.Float64s(d)
		medians = append(medians, d[len(d)/2])
		p90s = append(p90s, d[len(d)*9/10])
	}
	sort.Float64s(medians)
	sort.Float64s(p90s)
	return medians, p90s
}

// turnOverheads is, per turn, the time from model.message_complete to the
// next model.message_sending, in milliseconds.
func turnOverheads(evs []event.Event) []float64 {
	var out []float64
	var complete time.Time
	for _, ev := range evs {
		switch ev.Type {
		case event.EvModelMessageComplete:
			complete = ev.TS
		case event.EvModelMessageSending:
			if !complete.IsZero() {
				out = append(out, float64(ev.TS.Sub(complete).Microseconds())/1000)
				complete = time.Time{}
			}
		}
	}
	return out
}
