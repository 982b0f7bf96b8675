package export

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/internal/export/exporttest"
)

// goldenDir holds the export golden files.
const goldenDir = "testdata"

// golden compares got with the named golden file (rewritten with -update).
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join(goldenDir, name)
	if *update {
		if err := os.MkdirAll(goldenDir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./internal/export -run %s -update)", err, t.Name())
	}
	if !bytes.Equal(got, want) {
		gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		for i := range max(len(gl), len(wl)) {
			var g, w string
			if i < len(gl) {
				g = gl[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if g != w {
				t.Fatalf("%s differs at line %d:\n got: %s\nwant: %s", name, i+1, g, w)
			}
		}
	}
}

func TestExportCodexGolden(t *testing.T) {
	events := exporttest.Events(t)
	var buf bytes.Buffer
	if err := Codex(events, fixtureMeta(), &buf); err != nil {
		t.Fatal(err)
	}
	golden(t, "export-codex.jsonl", buf.Bytes())
	st := exporttest.CodexHistory(t, buf.Bytes())
	// 2 user messages, 11 assistant messages, 10 calls (one denied), 10 outputs.
	if st.Messages != 13 || st.Calls != 10 || st.Outputs != 10 {
		t.Fatalf("stats %+v", st)
	}
	exporttest.AssertNoProtocolXML(t, buf.Bytes())
	// The user's own task text survives byte for byte, '&' and '`' included.
	if !bytes.Contains(buf.Bytes(), []byte(`"text":"Build a landing page with a signup form & make `+"`npm test`"+` pass"`)) {
		t.Error("the task text is not exported verbatim")
	}
}

func TestExportClaudeGolden(t *testing.T) {
	events := exporttest.Events(t)
	var buf bytes.Buffer
	if err := Claude(events, fixtureMeta(), &buf); err != nil {
		t.Fatal(err)
	}
	golden(t, "export-claude.jsonl", buf.Bytes())
	st := exporttest.ClaudeHistory(t, buf.Bytes())
	// One line per block: user: task, instruction, 10 results; assistant:
	// 11 texts, 10 tool uses.
	if st.Messages != 33 || st.Calls != 10 || st.Outputs != 10 {
		t.Fatalf("stats %+v", st)
	}
	exporttest.AssertNoProtocolXML(t, buf.Bytes())
	if !bytes.Contains(buf.Bytes(), []byte(`"sessionId":"`+SessionUUID(exporttest.ID)+`"`)) {
		t.Error("sessionId is not the derived UUID")
	}
}

func TestExportsAreDeterministicAndCompleteOpenCalls(t *testing.T) {
	events := exporttest.Events(t)
	// Cut the log right after a call started: the export still answers it.
	cut := 0
	for i, ev := range events {
		if ev.Type == event.EvToolStarted {
			cut = i + 1
		}
	}
	events = events[:cut]
	for name, export := range map[string]func([]event.Event, Meta, *bytes.Buffer) error{
		"codex":  func(e []event.Event, m Meta, w *bytes.Buffer) error { return Codex(e, m, w) },
		"claude": func(e []event.Event, m Meta, w *bytes.Buffer) error { return Claude(e, m, w) },
	} {
		var a, b bytes.Buffer
		if err := export(events, Meta{}, &a); err != nil {
			t.Fatal(err)
		}
		if err := export(events, Meta{}, &b); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s export is not deterministic", name)
		}
		if name == "codex" {
			exporttest.CodexHistory(t, a.Bytes())
		} else {
			exporttest.ClaudeHistory(t, a.Bytes())
		}
		// Metadata comes from run.started when the state is empty.
		if !bytes.Contains(b.Bytes(), []byte(`"cwd":"`+exporttest.Root+`"`)) || !strings.Contains(b.String(), "no result was recorded") {
			t.Errorf("%s: root or synthetic output missing", name)
		}
	}
}

func TestExportRejectsBadPayload(t *testing.T) {
	events := []event.Event{{Seq: 1, Type: event.EvRunStarted, Payload: json.RawMessage(`"x"`)}}
	if err := Codex(events, Meta{}, &bytes.Buffer{}); err == nil {
		t.Error("codex export accepted a bad payload")
	}
	if err := Claude(events, Meta{}, &bytes.Buffer{}); err == nil {
		t.Error("claude export accepted a bad payload")
	}
}

// TestFileURI checks the file URIs exec_command_end names its cwd by
// (Codex 0.17x skips the line when the cwd is not one).
func TestFileURI(t *testing.T) {
	for _, tc := range []struct{ path, want string }{
		{"/home/dev/landing", "file:///home/dev/landing"},
		{"/tmp/greet project", "file:///tmp/greet%20project"},
		{"/a/100%/#b", "file:///a/100%25/%23b"},
	} {
		if got := fileURI(tc.path); got != tc.want {
			t.Errorf("fileURI(%q) = %q, want %q", tc.path, got, tc.want)
		}
	}
}
