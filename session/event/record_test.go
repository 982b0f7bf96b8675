package event

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// goldenLogs holds the golden logs (see cmd/wtagent's TestWriteGoldenLogs).
const goldenLogs = "testdata/logs"

func TestRecordRoundTrip(t *testing.T) {
	ev := Event{Seq: 7, Type: EvToolCompleted, SessionID: "20250301-101500-0a1b2c3d", Turn: 3,
		CallID: "call_1", TS: time.Date(2025, 3, 1, 10, 15, 0, 123, time.UTC), Payload: json.RawMessage(`{"op_key":"k"}`)}
	line, err := json.Marshal(NewRecord(ev))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(line, []byte(fmt.Sprintf(`{"v":%d,"seq":7,`, Version))) {
		t.Fatalf("record does not start with its version: %s", line)
	}
	got, err := Decode(line)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, ev) {
		t.Fatalf("decoded %+v, want %+v", got, ev)
	}
}

func TestDecodeVersions(t *testing.T) {
	const rest = `"seq":1,"type":"run.started","session_id":"s","turn":0,"ts":"2025-03-01T10:15:00Z"}`
	for _, tt := range []struct {
		line    string
		unknown bool
		fails   bool
	}{
		{line: `{` + rest},       // before "v": version 1
		{line: `{"v":1,` + rest}, // version 1
		{line: fmt.Sprintf(`{"v":%d,`, Version) + rest},
		{line: fmt.Sprintf(`{"v":%d,`, Version+1) + rest, unknown: true, fails: true},
		{line: `{"v":-1,` + rest, fails: true},
	} {
		ev, err := Decode([]byte(tt.line))
		if (err != nil) != tt.fails || errors.Is(err, ErrUnknownVersion) != tt.unknown {
			t.Errorf("Decode(%s) = %v", tt.line, err)
		}
		if err == nil && (ev.Seq != 1 || ev.Type != EvRunStarted) {
			t.Errorf("Decode(%s) = %+v", tt.line, ev)
		}
		if _, herr := DecodeHead([]byte(tt.line)); (herr != nil) != tt.fails {
			t.Errorf("DecodeHead(%s) = %v", tt.line, herr)
		}
	}
	_, err := Decode([]byte(fmt.Sprintf(`{"v":%d,`, Version+1) + rest))
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("version %d", Version+1)) {
		t.Errorf("the error does not name the version: %v", err)
	}
}

// TestGoldenLogsDecode decodes every record of every golden log: logs
// written before records carried "v" (v1-unversioned-*) are version 1,
// like those that say so in every record (v1-*).
func TestGoldenLogsDecode(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join(goldenLogs, "*", "home", "sessions", "*", "events.jsonl"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no golden logs under %s (%v)", goldenLogs, err)
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		lines := bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
		unversioned := strings.Contains(p, "-unversioned-")
		for i, line := range lines {
			if bytes.HasPrefix(line, []byte(`{"v":1,`)) == unversioned {
				t.Fatalf("%s line %d: version field does not fit the log's name: %.40s", p, i+1, line)
			}
			ev, err := Decode(line)
			if err != nil || ev.Seq != int64(i+1) || ev.Type == "" || ev.TS.IsZero() {
				t.Fatalf("%s line %d: %+v, %v", p, i+1, ev, err)
			}
		}
	}
}
