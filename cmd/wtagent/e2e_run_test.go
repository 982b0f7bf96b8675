//go:build linux

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/model"
)

const checkSh = "#!/bin/sh\ngrep -q hello greet.txt && echo check passed\n"

func TestScriptedRunExportsAndExitCodes(t *testing.T) {
	e := newEnv(t)
	s := e.script(
		model.ScriptLine{Expect: "<task", Reply: agentReply(false, "Write the greeting.", callXML("fs.write", el("path", "greet.txt"), el("content", "hello\n")))},
		model.ScriptLine{Expect: `status="ok"`, Reply: agentReply(false, "Write the check.", callXML("fs.write", el("path", "check.sh"), el("content", checkSh)))},
		model.ScriptLine{Expect: `status="ok"`, Reply: agentReply(false, "Check.", callXML("terminal.exec", el("program", "sh"), items("argv", "check.sh")))},
		model.ScriptLine{Expect: "check passed", Reply: agentReply(true, "greet.txt says hello; sh check.sh passed.", "")},
	)
	code, out, errOut := e.run("--provider", "script", "--script", s, "write a greeting and check it")
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	for _, want := range []string{"✔ done", "greet.txt", "sh check.sh", "Changed files"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	id := e.onlySession()
	for _, format := range []string{"codex", "claude-code"} {
		dst := filepath.Join(t.TempDir(), format+".jsonl")
		if code, _, errOut := e.run("export", id, "--format", format, "-o", dst); code != 0 {
			t.Fatalf("export %s: exit %d: %s", format, code, errOut)
		}
		raw, err := os.ReadFile(dst)
		if err != nil {
			t.Fatal(err)
		}
		if calls, outputs := exportedCalls(t, raw); calls != 3 || outputs != 3 {
			t.Errorf("%s export: %d calls and %d outputs, want 3 and 3", format, calls, outputs)
		}
		if strings.Contains(string(raw), "<agent_response") || strings.Contains(string(raw), "<tool_result") {
			t.Errorf("%s export holds protocol XML", format)
		}
		if fi, _ := os.Stat(dst); fi.Mode().Perm() != 0o600 {
			t.Errorf("%s export mode %v", format, fi.Mode().Perm())
		}
	}
	code, out, _ = e.run("sessions", "--json")
	if code != 0 || !strings.Contains(out, id) || !strings.Contains(out, `"state":"completed"`) {
		t.Fatalf("sessions: exit %d: %s", code, out)
	}
}

// exportedCalls counts the tool calls and results of a Codex rollout or a
// Claude Code transcript (make compat loads both into the real tools).
func exportedCalls(t *testing.T, data []byte) (calls, outputs int) {
	t.Helper()
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var l struct {
			Payload struct{ Type string } `json:"payload"`
			Message struct {
				Content json.RawMessage `json:"content"`
			} `json:"message"`
		}
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		var blocks []struct{ Type string }
		json.Unmarshal(l.Message.Content, &blocks)
		for _, typ := range append([]string{l.Payload.Type}, blockTypes(blocks)...) {
			switch typ {
			case "function_call", "custom_tool_call", "tool_use":
				calls++
			case "function_call_output", "custom_tool_call_output", "tool_result":
				outputs++
			}
		}
	}
	return calls, outputs
}

// blockTypes lists the types of content blocks.
func blockTypes(blocks []struct{ Type string }) []string {
	out := make([]string, len(blocks))
	for i, b := range blocks {
		out[i] = b.Type
	}
	return out
}

func TestExitCodes(t *testing.T) {
	e := newEnv(t)
	if code, _, _ := e.run("--provider", "nonsense", "task"); code != 2 {
		t.Errorf("bad provider: exit %d, want 2", code)
	}
	if code, _, _ := e.run("resume", "../etc"); code != 2 {
		t.Errorf("bad session id: exit %d, want 2", code)
	}
	// A script that runs out fails the run (exit 1) with a clear error.
	s := e.script(model.ScriptLine{Reply: agentReply(false, "Write.", callXML("fs.write", el("path", "a.txt"), el("content", "a")))})
	code, out, _ := e.run("--provider", "script", "--script", s, "go")
	if code != 1 || !strings.Contains(out, "script exhausted") {
		t.Errorf("exhausted script: exit %d, output:\n%s", code, out)
	}
	// A limit interrupts the run resumably (exit 3).
	e2 := newEnv(t)
	s2 := e2.script(
		model.ScriptLine{Reply: agentReply(false, "One.", callXML("fs.write", el("path", "a.txt"), el("content", "a")))},
		model.ScriptLine{Reply: agentReply(false, "Two.", callXML("fs.write", el("path", "b.txt"), el("content", "b")))},
	)
	code, out, _ = e2.run("--provider", "script", "--script", s2, "--max-turns", "1", "go")
	if code != 3 || !strings.Contains(out, "resume with") {
		t.Errorf("limit: exit %d, output:\n%s", code, out)
	}
}

func TestJSONEventStream(t *testing.T) {
	e := newEnv(t)
	s := e.script(model.ScriptLine{Reply: agentReply(true, "Nothing to change.", "")})
	code, out, errOut := e.run("--json", "--provider", "script", "--script", s, "look around")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var types []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var ev map[string]json.RawMessage
		if err := json.Unmarshal([]byte(l), &ev); err != nil {
			t.Fatalf("not JSON: %q", l)
		}
		for _, k := range []string{"type", "session_id", "turn", "call_id", "ts", "payload"} {
			if _, ok := ev[k]; !ok {
				t.Fatalf("line lacks %q: %s", k, l)
			}
		}
		var typ string
		json.Unmarshal(ev["type"], &typ)
		types = append(types, typ)
	}
	joined := strings.Join(types, " ")
	for _, want := range []event.Type{event.EvRunStarted, event.EvModelMessageSent, event.EvModelMessageComplete, event.EvRunCompleted} {
		if !strings.Contains(joined, string(want)) {
			t.Errorf("stream lacks %s: %s", want, joined)
		}
	}
}
