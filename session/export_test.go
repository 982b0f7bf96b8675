package session

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/messages"
)

// goldenDir holds the export golden files.
const goldenDir = "../testdata/session"

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
		t.Fatalf("%v (run go test ./session -run %s -update)", err, t.Name())
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

// strings walks every string (keys and values) of a decoded JSON value.
func jsonStrings(v any, fn func(string)) {
	switch x := v.(type) {
	case string:
		fn(x)
	case []any:
		for _, e := range x {
			jsonStrings(e, fn)
		}
	case map[string]any:
		for k, e := range x {
			fn(k)
			jsonStrings(e, fn)
		}
	}
}

// assertNoProtocolXML fails if any line of an export, raw or decoded
// (including JSON inside strings), holds wtagent protocol XML.
func assertNoProtocolXML(t *testing.T, export []byte) {
	t.Helper()
	check := func(where, s string) {
		for _, m := range protocolMarkers {
			if strings.Contains(s, m) {
				t.Errorf("%s contains %q: %.120s", where, m, s)
			}
		}
	}
	for i, line := range bytes.Split(bytes.TrimSpace(export), []byte("\n")) {
		check("raw line", string(line))
		var v any
		if err := json.Unmarshal(line, &v); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		jsonStrings(v, func(s string) {
			check("decoded string", s)
			var inner any
			if json.Unmarshal([]byte(s), &inner) == nil {
				jsonStrings(inner, func(s string) { check("nested JSON", s) })
			}
		})
	}
}

func TestExportCodexGolden(t *testing.T) {
	events := fixtureEvents(t)
	var buf bytes.Buffer
	if err := ExportCodex(events, fixtureMeta(), &buf); err != nil {
		t.Fatal(err)
	}
	golden(t, "export-codex.jsonl", buf.Bytes())
	st := codexHistory(t, buf.Bytes())
	// 2 user messages, 11 assistant messages, 10 calls (one denied), 10 outputs.
	if st.Messages != 13 || st.Calls != 10 || st.Outputs != 10 {
		t.Fatalf("stats %+v", st)
	}
	assertNoProtocolXML(t, buf.Bytes())
	// The user's own task text survives byte for byte, '&' and '`' included.
	if !bytes.Contains(buf.Bytes(), []byte(`"text":"Build a landing page with a signup form & make `+"`npm test`"+` pass"`)) {
		t.Error("the task text is not exported verbatim")
	}
}

func TestExportClaudeGolden(t *testing.T) {
	events := fixtureEvents(t)
	var buf bytes.Buffer
	if err := ExportClaude(events, fixtureMeta(), &buf); err != nil {
		t.Fatal(err)
	}
	golden(t, "export-claude.jsonl", buf.Bytes())
	st := claudeHistory(t, buf.Bytes())
	// One line per block: user: task, instruction, 10 results; assistant:
	// 11 texts, 10 tool uses.
	if st.Messages != 33 || st.Calls != 10 || st.Outputs != 10 {
		t.Fatalf("stats %+v", st)
	}
	assertNoProtocolXML(t, buf.Bytes())
	if !bytes.Contains(buf.Bytes(), []byte(`"sessionId":"`+SessionUUID(fixtureID)+`"`)) {
		t.Error("sessionId is not the derived UUID")
	}
}

func TestExportsAreDeterministicAndCompleteOpenCalls(t *testing.T) {
	events := fixtureEvents(t)
	// Cut the log right after a call started: the export still answers it.
	cut := 0
	for i, ev := range events {
		if ev.Type == messages.EvToolStarted {
			cut = i + 1
		}
	}
	events = events[:cut]
	for name, export := range map[string]func([]messages.Event, State, *bytes.Buffer) error{
		"codex":  func(e []messages.Event, m State, w *bytes.Buffer) error { return ExportCodex(e, m, w) },
		"claude": func(e []messages.Event, m State, w *bytes.Buffer) error { return ExportClaude(e, m, w) },
	} {
		var a, b bytes.Buffer
		if err := export(events, State{}, &a); err != nil {
			t.Fatal(err)
		}
		if err := export(events, State{}, &b); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s export is not deterministic", name)
		}
		if name == "codex" {
			codexHistory(t, a.Bytes())
		} else {
			claudeHistory(t, a.Bytes())
		}
		// Metadata comes from run.started when the state is empty.
		if !bytes.Contains(b.Bytes(), []byte(`"cwd":"`+fixtureRoot+`"`)) || !strings.Contains(b.String(), "no result was recorded") {
			t.Errorf("%s: root or synthetic output missing", name)
		}
	}
}

func TestExportRejectsBadPayload(t *testing.T) {
	events := []messages.Event{{Seq: 1, Type: messages.EvRunStarted, Payload: json.RawMessage(`"x"`)}}
	if err := ExportCodex(events, State{}, &bytes.Buffer{}); err == nil {
		t.Error("codex export accepted a bad payload")
	}
	if err := ExportClaude(events, State{}, &bytes.Buffer{}); err == nil {
		t.Error("claude export accepted a bad payload")
	}
}
