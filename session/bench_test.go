package session

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/internal/export"
	"github.com/wtagent/wtagent/internal/export/exporttest"
)

// syntheticEvents returns n events shaped like a real session: model
// round trips with protocol text, and tool calls with output.
func syntheticEvents(tb testing.TB, n int) []event.Event {
	tb.Helper()
	b := &exporttest.Builder{T: tb}
	reply := "<agent_response><message>" + strings.Repeat("Working on it. ", 40) + "</message></agent_response>"
	out := strings.Repeat("ok  \tgithub.com/example/pkg\t0.123s\n", 30)
	for i := 0; len(b.Events) < n; i++ {
		b.Exchange(event.OutboundToolResult, nil, reply, "Step "+fmt.Sprint(i), false)
		b.Tool("terminal.exec", map[string]any{"program": "go", "argv": []string{"test", fmt.Sprintf("./pkg%d/...", i)}, "cwd": "."},
			event.ToolResult{Status: event.ToolOK, ExitCode: exporttest.IntP(0), Stdout: out, Verified: i%3 == 0, Changed: []string{"a.go"}})
	}
	return b.Events[:n]
}

// writeLog writes events as a session's events.jsonl.
func writeLog(tb testing.TB, s *Session, events []event.Event) {
	tb.Helper()
	l, err := s.OpenLog()
	if err != nil {
		tb.Fatal(err)
	}
	for _, ev := range events {
		if _, err := l.Append(ev, false); err != nil {
			tb.Fatal(err)
		}
	}
	if err := l.Close(); err != nil {
		tb.Fatal(err)
	}
}

// benchSession creates a session in a temp home for a benchmark.
func benchSession(b *testing.B) *Session {
	b.Helper()
	h, err := NewHome(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	s, err := Create(h, Meta{ID: exporttest.ID})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	return s
}

// BenchmarkReplay10k measures resume: read a 10 000-event log and rebuild
// the ledger and the replay state from it.
func BenchmarkReplay10k(b *testing.B) {
	s := benchSession(b)
	writeLog(b, s, syntheticEvents(b, 10000))
	fi, _ := os.Stat(s.EventsPath())
	b.SetBytes(fi.Size())
	b.ResetTimer()
	cpu := cpuTime()
	for b.Loop() {
		events, _, err := s.Events()
		if err != nil {
			b.Fatal(err)
		}
		r, err := BuildReplay(events)
		if err != nil || r.LastSeq != 10000 {
			b.Fatal(err, r)
		}
	}
	reportReplay(b, cpuTime()-cpu)
}

// reportReplay reports wall and CPU milliseconds per replay.
func reportReplay(b *testing.B, cpu time.Duration) {
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/replay")
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/replay")
}

// BenchmarkReplayStream10k is the same replay without keeping the events.
func BenchmarkReplayStream10k(b *testing.B) {
	s := benchSession(b)
	writeLog(b, s, syntheticEvents(b, 10000))
	b.ResetTimer()
	cpu := cpuTime()
	for b.Loop() {
		f, err := os.Open(s.EventsPath())
		if err != nil {
			b.Fatal(err)
		}
		r, _, err := ReplayLog(f)
		f.Close()
		if err != nil || r.LastSeq != 10000 {
			b.Fatal(err)
		}
	}
	reportReplay(b, cpuTime()-cpu)
}

// benchAppend appends typical events, fsynced or not.
func benchAppend(b *testing.B, sync bool) {
	s := benchSession(b)
	l, err := s.OpenLog()
	if err != nil {
		b.Fatal(err)
	}
	defer l.Close()
	payload, _ := json.Marshal(event.ToolCompletedPayload{OpKey: strings.Repeat("a", 64),
		Result: event.ToolResult{Status: event.ToolOK, Stdout: strings.Repeat("x", 400)}})
	ev := event.Event{Type: event.EvToolCompleted, Turn: 3, CallID: "call_0123456789abcdef", Payload: payload,
		TS: time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)}
	b.ResetTimer()
	for b.Loop() {
		if _, err := l.Append(ev, sync); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "µs/append")
}

func BenchmarkAppend(b *testing.B)     { benchAppend(b, false) }
func BenchmarkAppendSync(b *testing.B) { benchAppend(b, true) }

// BenchmarkExport10k measures both exports of a 10 000-event session.
func BenchmarkExport10k(b *testing.B) {
	events := syntheticEvents(b, 10000)
	b.ResetTimer()
	for b.Loop() {
		if err := export.Codex(events, export.Meta{}, discard{}); err != nil {
			b.Fatal(err)
		}
		if err := export.Claude(events, export.Meta{}, discard{}); err != nil {
			b.Fatal(err)
		}
	}
}

// discard is io.Discard without the import.
type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
