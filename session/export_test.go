package session

import (
	"bytes"
	"encoding/json"
	"errors"
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
	st, err := ValidateCodex(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
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
	st, err := ValidateClaude(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	// user: task, instruction, 10 result lines; assistant: 11.
	if st.Messages != 23 || st.Calls != 10 || st.Outputs != 10 {
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
		var err error
		if name == "codex" {
			_, err = ValidateCodex(&a)
		} else {
			_, err = ValidateClaude(&a)
		}
		if err != nil {
			t.Errorf("%s export of a cut log: %v", name, err)
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

func TestValidateCodexRejects(t *testing.T) {
	meta := `{"timestamp":"2025-03-01T10:15:00.000Z","type":"session_meta","payload":{"id":"` + SessionUUID(fixtureID) +
		`","timestamp":"2025-03-01T10:15:00.000Z","cwd":"/p","originator":"wtagent","cli_version":"0.1.0","source":"wtagent"}}`
	item := func(p string) string {
		return `{"timestamp":"2025-03-01T10:15:01.000Z","type":"response_item","payload":` + p + `}`
	}
	call := item(`{"type":"function_call","name":"shell","arguments":"{\"command\":[\"ls\"]}","call_id":"call_1"}`)
	out := item(`{"type":"function_call_output","call_id":"call_1","output":"ok"}`)
	good := []string{meta, item(`{"type":"message","role":"user","content":[{"type":"input_text","text":"hi"}]}`), call, out}
	if _, err := ValidateCodex(strings.NewReader(strings.Join(good, "\n") + "\n")); err != nil {
		t.Fatalf("good rollout: %v", err)
	}
	cases := map[string]struct {
		lines []string
		line  int
	}{
		"empty":               {nil, 0},
		"no meta first":       {[]string{call}, 1},
		"meta id not a uuid":  {[]string{strings.Replace(meta, SessionUUID(fixtureID), fixtureID, 1)}, 1},
		"meta twice":          {[]string{meta, meta}, 2},
		"bad timestamp":       {[]string{meta, strings.Replace(out, "2025-03-01T10:15:01.000Z", "yesterday", 1)}, 2},
		"unknown type":        {[]string{meta, `{"timestamp":"2025-03-01T10:15:01Z","type":"mystery","payload":{}}`}, 2},
		"wrong content type":  {[]string{meta, item(`{"type":"message","role":"assistant","content":[{"type":"input_text","text":"x"}]}`)}, 2},
		"arguments not json":  {[]string{meta, item(`{"type":"function_call","name":"shell","arguments":"ls -l","call_id":"c"}`)}, 2},
		"arguments an object": {[]string{meta, item(`{"type":"function_call","name":"shell","arguments":{},"call_id":"c"}`)}, 2},
		"dotted name":         {[]string{meta, item(`{"type":"function_call","name":"fs.read","arguments":"{}","call_id":"c"}`)}, 2},
		"output without call": {[]string{meta, out}, 2},
		"duplicate call":      {[]string{meta, call, call}, 3},
		"unanswered call":     {[]string{meta, call}, 2},
		"second output":       {[]string{meta, call, out, out}, 4},
		"not json":            {[]string{meta, "{"}, 2},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := ValidateCodex(strings.NewReader(strings.Join(c.lines, "\n")))
			var ee *ExportError
			if !errors.As(err, &ee) || ee.Line != c.line {
				t.Fatalf("err = %v, want an ExportError at line %d", err, c.line)
			}
		})
	}
}

func TestValidateClaudeRejects(t *testing.T) {
	sid := SessionUUID(fixtureID)
	u := func(i int) string { return derivedUUID("test", string(rune('a'+i))) }
	line := func(i int, parent, typ, msg string) string {
		p := "null"
		if parent != "" {
			p = `"` + parent + `"`
		}
		return `{"parentUuid":` + p + `,"isSidechain":false,"userType":"external","cwd":"/p","sessionId":"` + sid +
			`","version":"0.1.0","type":"` + typ + `","message":` + msg + `,"uuid":"` + u(i) + `","timestamp":"2025-03-01T10:15:00.000Z"}`
	}
	user := line(0, "", "user", `{"role":"user","content":"hi"}`)
	use := line(1, u(0), "assistant", `{"role":"assistant","content":[{"type":"text","text":"x"},{"type":"tool_use","id":"call_1","name":"Bash","input":{"command":"ls"}}]}`)
	res := line(2, u(1), "user", `{"role":"user","content":[{"type":"tool_result","tool_use_id":"call_1","content":"ok","is_error":false}]}`)
	if _, err := ValidateClaude(strings.NewReader(strings.Join([]string{user, use, res}, "\n"))); err != nil {
		t.Fatalf("good transcript: %v", err)
	}
	cases := map[string]struct {
		lines []string
		line  int
	}{
		"first has a parent":   {[]string{line(0, u(5), "user", `{"role":"user","content":"hi"}`)}, 1},
		"broken chain":         {[]string{user, line(1, u(7), "assistant", `{"role":"assistant","content":[{"type":"text","text":"x"}]}`)}, 2},
		"role mismatch":        {[]string{line(0, "", "user", `{"role":"assistant","content":"hi"}`)}, 1},
		"bad uuid":             {[]string{strings.Replace(user, u(0), "not-a-uuid", 1)}, 1},
		"session not uuid":     {[]string{strings.Replace(user, sid, fixtureID, 1)}, 1},
		"missing key":          {[]string{strings.Replace(user, `"userType":"external",`, "", 1)}, 1},
		"reused uuid":          {[]string{user, strings.Replace(line(1, u(0), "user", `{"role":"user","content":"x"}`), u(1), u(0), 1)}, 2},
		"tool_use unanswered":  {[]string{user, use, line(2, u(1), "user", `{"role":"user","content":"next"}`)}, 3},
		"result without use":   {[]string{user, line(1, u(0), "user", `{"role":"user","content":[{"type":"tool_result","tool_use_id":"call_9","content":"x"}]}`)}, 2},
		"input not an object":  {[]string{user, line(1, u(0), "assistant", `{"role":"assistant","content":[{"type":"tool_use","id":"c","name":"Bash","input":"ls"}]}`)}, 2},
		"dotted tool name":     {[]string{user, line(1, u(0), "assistant", `{"role":"assistant","content":[{"type":"tool_use","id":"c","name":"fs.read","input":{}}]}`)}, 2},
		"unanswered at end":    {[]string{user, use}, 2},
		"assistant after use":  {[]string{user, use, line(2, u(1), "assistant", `{"role":"assistant","content":[{"type":"text","text":"x"}]}`)}, 3},
		"unknown type":         {[]string{line(0, "", "system", `{"role":"system","content":"x"}`)}, 1},
		"other session id":     {[]string{user, strings.Replace(line(1, u(0), "user", `{"role":"user","content":"x"}`), sid, derivedUUID("x"), 1)}, 2},
		"empty content blocks": {[]string{user, line(1, u(0), "assistant", `{"role":"assistant","content":[]}`)}, 2},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := ValidateClaude(strings.NewReader(strings.Join(c.lines, "\n")))
			var ee *ExportError
			if !errors.As(err, &ee) || ee.Line != c.line {
				t.Fatalf("err = %v, want an ExportError at line %d", err, c.line)
			}
		})
	}
}

func FuzzValidateExports(f *testing.F) {
	f.Add([]byte(`{"timestamp":"2025-03-01T10:15:00Z","type":"session_meta","payload":{}}`+"\n"), false)
	f.Add([]byte(`{"parentUuid":null}`+"\n"), true)
	f.Fuzz(func(t *testing.T, data []byte, claude bool) {
		validate := ValidateCodex
		if claude {
			validate = ValidateClaude
		}
		st, err := validate(bytes.NewReader(data))
		if err == nil {
			if st.Lines == 0 || st.Calls != st.Outputs {
				t.Fatalf("accepted %+v", st)
			}
			return
		}
		var ee *ExportError
		if !errors.As(err, &ee) {
			t.Fatalf("error %v is not an ExportError", err)
		}
	})
}
