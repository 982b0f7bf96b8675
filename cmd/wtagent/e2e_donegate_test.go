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

// gateRequests are requests that need evidence, with the calls that give
// it; a.txt and test.sh exist in the project.
var gateRequests = []struct {
	task  string
	calls []string // the evidence, one call per reply
	zh    bool
}{
	{"write out.txt containing hello", []string{callXML("fs.write", el("path", "out.txt"), el("content", "hello\n"))}, false},
	{"read a.txt and tell me what it says", []string{callXML("fs.read", el("path", "a.txt"))}, false},
	{"run the tests", []string{callXML("terminal.exec", el("program", "sh"), items("argv", "test.sh"))}, false},
	{"创建 out.txt，内容是 hello", []string{callXML("fs.write", el("path", "out.txt"), el("content", "hello\n"))}, true},
	{"读取 a.txt", []string{callXML("fs.read", el("path", "a.txt"))}, true},
	{"运行测试", []string{callXML("terminal.exec", el("program", "sh"), items("argv", "test.sh"))}, true},
}

// gateProject writes the project the gate tests work in.
func gateProject(t *testing.T, e *env) {
	t.Helper()
	for name, body := range map[string]string{"a.txt": "hello from a\n", "test.sh": "#!/bin/sh\necho 1 passed\n"} {
		if err := os.WriteFile(filepath.Join(e.root, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestDoneGateRefusesBareDone: change, read and verify requests, in
// English and Chinese, answered with done=true and no call at all, are
// refused with the missing evidence in the request's language, and after
// done-refusals (3) refusals the run ends unfinished (exit 3, resumable),
// never completed, having written nothing.
func TestDoneGateRefusesBareDone(t *testing.T) {
	for _, c := range gateRequests {
		t.Run(c.task, func(t *testing.T) {
			e := newEnv(t)
			gateProject(t, e)
			missing := "this evidence is missing"
			if c.zh {
				missing = "缺少以下证据"
			}
			bare := agentReply(true, "Done: all finished and verified.", "")
			s := e.script(model.ScriptLine{Expect: "<task", Reply: bare}, model.ScriptLine{Expect: missing, Reply: bare},
				model.ScriptLine{Expect: missing, Reply: bare}, model.ScriptLine{Expect: missing, Reply: bare})
			code, out, errOut := e.run("--provider", "script", "--script", s, c.task)
			if code != 3 || !strings.Contains(out+errOut, "done-refusals") || !strings.Contains(out+errOut, "resume with") {
				t.Fatalf("exit %d, want 3 at the done-refusals limit\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
			}
			if strings.Contains(out, "✔ done") {
				t.Fatalf("the run reports done:\n%s", out)
			}
			if _, err := os.Stat(filepath.Join(e.root, "out.txt")); err == nil {
				t.Fatal("out.txt exists")
			}
			id := e.onlySession()
			evs := e.events(id)
			if n := count(evs, event.EvDoneRefused); n != 4 {
				t.Errorf("%d refusals logged, want 4", n)
			}
			if count(evs, event.EvRunCompleted) != 0 || count(evs, event.EvRunInterrupted) != 1 {
				t.Error("the run is not interrupted, or is completed")
			}
			if code, out, _ := e.run("sessions", "--json"); code != 0 || strings.Contains(out, `"state":"completed"`) {
				t.Errorf("sessions: exit %d: %s", code, out)
			}
		})
	}
}

// TestDoneGateAcceptsEvidence: the same requests complete once the model
// made the call that gives the evidence.
func TestDoneGateAcceptsEvidence(t *testing.T) {
	for _, c := range gateRequests {
		t.Run(c.task, func(t *testing.T) {
			e := newEnv(t)
			gateProject(t, e)
			var lines []model.ScriptLine
			for i, call := range c.calls {
				expect := `status="ok"`
				if i == 0 {
					expect = "<task"
				}
				lines = append(lines, model.ScriptLine{Expect: expect, Reply: agentReply(false, "Step.", call)})
			}
			lines = append(lines, model.ScriptLine{Expect: `status="ok"`, Reply: agentReply(true, "Finished.", "")})
			code, out, errOut := e.run("--provider", "script", "--script", e.script(lines...), c.task)
			if code != 0 || !strings.Contains(out, "✔ done") {
				t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
			}
			if n := count(e.events(e.onlySession()), event.EvDoneRefused); n != 0 {
				t.Errorf("%d refusals", n)
			}
		})
	}
}

// TestDoneGatePlainQuestions: a question, a greeting or thanks completes
// at the first done=true.
func TestDoneGatePlainQuestions(t *testing.T) {
	for _, task := range []string{"what is a goroutine?", "hello", "thanks!", "你好", "什么是闭包？"} {
		t.Run(task, func(t *testing.T) {
			e := newEnv(t)
			s := e.script(model.ScriptLine{Expect: "<task", Reply: agentReply(true, "An answer.", "")})
			code, out, errOut := e.run("--provider", "script", "--script", s, task)
			if code != 0 || !strings.Contains(out, "✔ done") {
				t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
			}
		})
	}
}

// TestDoneGateChecksClaims: a done message that says a test passed which
// never ran is refused with that claim named; the honest message that
// follows completes.
func TestDoneGateChecksClaims(t *testing.T) {
	e := newEnv(t)
	s := e.script(
		model.ScriptLine{Expect: "<task", Reply: agentReply(false, "Write.", callXML("fs.write", el("path", "out.txt"), el("content", "hello\n")))},
		model.ScriptLine{Expect: `status="ok"`, Reply: agentReply(true, "Created out.txt. Verified: `go test ./...`, all passed.", "")},
		model.ScriptLine{Expect: "`go test ./...` passed: no such command succeeded", Reply: agentReply(true, "Created out.txt; nothing was tested.", "")},
	)
	code, out, errOut := e.run("--provider", "script", "--script", s, "write out.txt containing hello")
	if code != 0 || !strings.Contains(out, "✔ done") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	if n := count(e.events(e.onlySession()), event.EvDoneRefused); n != 1 {
		t.Errorf("%d refusals, want 1", n)
	}
}

// TestDoneGateResumeInstruction: `wtagent resume ID "new instruction"`
// derives the evidence from the new instruction: a test asked for on
// resume must run then, whatever the first run did.
func TestDoneGateResumeInstruction(t *testing.T) {
	e := newEnv(t)
	gateProject(t, e)
	first := []model.ScriptLine{
		{Expect: "<task", Reply: agentReply(false, "Write.", callXML("fs.write", el("path", "out.txt"), el("content", "hello\n")))},
		{Expect: `status="ok"`, Reply: agentReply(true, "Created out.txt.", "")},
	}
	if code, out, errOut := e.run("--provider", "script", "--script", e.script(first...), "write out.txt containing hello"); code != 0 {
		t.Fatalf("first run: exit %d\n%s\n%s", code, out, errOut)
	}
	id := e.onlySession()
	// A new script answers the resumed run from its first line. A bare
	// done=true is refused for the new instruction; the test run then lets
	// it finish.
	again := []model.ScriptLine{
		{Expect: "运行测试", Reply: agentReply(true, "测试通过。", "")},
		{Expect: "缺少以下证据", Reply: agentReply(false, "运行。", callXML("terminal.exec", el("program", "sh"), items("argv", "test.sh")))},
		{Expect: "1 passed", Reply: agentReply(true, "sh test.sh 通过。", "")},
	}
	code, out, errOut := e.run("resume", id, "--provider", "script", "--script", e.script(again...), "运行测试")
	if code != 0 || !strings.Contains(out, "✔ done") {
		t.Fatalf("resume: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	var refusals []string
	for _, ev := range e.events(id) {
		if ev.Type == event.EvDoneRefused {
			var p event.TextPayload
			json.Unmarshal(ev.Payload, &p)
			refusals = append(refusals, p.Text)
		}
	}
	if len(refusals) != 1 || !strings.Contains(refusals[0], "构建、测试或运行") {
		t.Errorf("refusals %q, want one in Chinese for the test", refusals)
	}
}

// TestDoneGateRefusalsConfigured: the config file's done-refusals sets how
// many refusals a run gets before it ends unfinished; `wtagent config`
// shows it.
func TestDoneGateRefusalsConfigured(t *testing.T) {
	e := newEnv(t)
	if err := os.WriteFile(filepath.Join(e.home, "config.json"), []byte(`{"done-refusals": 1}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := e.run("config"); code != 0 || !strings.Contains(out, "done-refusals") || !strings.Contains(out, "config") {
		t.Fatalf("config: exit %d\n%s\n%s", code, out, errOut)
	}
	bare := agentReply(true, "Wrote it.", "")
	s := e.script(model.ScriptLine{Expect: "<task", Reply: bare}, model.ScriptLine{Expect: "this evidence is missing", Reply: bare})
	code, out, errOut := e.run("--provider", "script", "--script", s, "write out.txt containing hello")
	if code != 3 || !strings.Contains(out+errOut, "limit done-refusals reached") {
		t.Fatalf("exit %d, want 3\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	if n := count(e.events(e.onlySession()), event.EvDoneRefused); n != 2 {
		t.Errorf("%d refusals logged, want 2", n)
	}
}
