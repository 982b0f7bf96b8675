package ui

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/wtagent/wtagent/session/event"
)

// goldenLogs are the event logs wtagent wrote in session/event's golden
// sessions; the events --json printed are the events they hold.
const goldenLogs = "../../session/event/testdata/logs"

// TestJSONOutputPinned prints each golden log's events as --json does
// and compares the bytes with testdata/json: the --json stream is an
// interface scripts read, and the re-cut of the event schema (issue #29)
// must leave it byte-identical.
func TestJSONOutputPinned(t *testing.T) {
	logs, err := filepath.Glob(filepath.Join(goldenLogs, "*", "home", "sessions", "*", "events.jsonl"))
	if err != nil || len(logs) == 0 {
		t.Fatalf("no golden logs under %s (%v)", goldenLogs, err)
	}
	for _, path := range logs {
		name := filepath.Base(filepath.Dir(filepath.Dir(filepath.Dir(filepath.Dir(path)))))
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			w := NewJSONWriter(&out)
			for _, line := range bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")) {
				ev, err := event.Decode(line)
				if err != nil {
					t.Fatal(err)
				}
				w.Event(ev)
			}
			golden := filepath.Join("testdata", "json", name+".jsonl")
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out.Bytes(), want) {
				t.Errorf("--json of %s differs from %s:\n got %.300s\nwant %.300s", name, golden, out.Bytes(), want)
			}
		})
	}
}
