//go:build linux

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/session/event"
)

// refusals returns the texts of the session's done refusals.
func refusals(e *env, id string) []string {
	var out []string
	for _, ev := range e.events(id) {
		if ev.Type == event.EvDoneRefused {
			var p event.TextPayload
			if err := json.Unmarshal(ev.Payload, &p); err != nil {
				e.t.Fatal(err)
			}
			out = append(out, p.Text)
		}
	}
	return out
}

// writeFiles writes the project's files.
func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

// runGate runs a task on a script and returns the session's refusals,
// failing unless the run completed.
func runGate(t *testing.T, e *env, task string, lines []model.ScriptLine, flags ...string) []string {
	t.Helper()
	args := append([]string{"--provider", "script", "--script", e.script(lines...)}, flags...)
	code, out, errOut := e.run(append(args, task)...)
	if code != 0 || !strings.Contains(out, "✔ done") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	return refusals(e, e.onlySession())
}

// TestDoneGateReadThePlan: 阅读一下开发计划 (read the development plan)
// asks for a read, not a change (开发 is part of the noun 开发计划): a bare
// done is refused for the read only, and the read completes the run
// without any change.
func TestDoneGateReadThePlan(t *testing.T) {
	e := newEnv(t)
	writeFiles(t, e.root, map[string]string{"开发计划.md": "# 开发计划\n1. 登录\n2. 导出\n"})
	got := runGate(t, e, "阅读一下开发计划", []model.ScriptLine{
		{Expect: "<task", Reply: agentReply(true, "计划有两步。", "")},
		{Expect: "缺少以下证据", Reply: agentReply(false, "读取。", callXML("fs.read", el("path", "开发计划.md")))},
		{Expect: `status="ok"`, Reply: agentReply(true, "计划有两步：登录、导出。", "")},
	})
	if len(got) != 1 || !strings.Contains(got[0], "一次成功的读取") || strings.Contains(got[0], "修改") {
		t.Fatalf("refusals %q, want one, for the read only", got)
	}
}

// TestDoneGateStepsNeedNoChange: "can you tell me the steps you would
// take to implement …" asks for an answer and a look at the project, not
// a change.
func TestDoneGateStepsNeedNoChange(t *testing.T) {
	e := newEnv(t)
	writeFiles(t, e.root, map[string]string{"main.go": "package main\n\nfunc main() {}\n"})
	got := runGate(t, e, "can you tell me the steps you would take to implement a --quiet flag in this project?", []model.ScriptLine{
		{Expect: "<task", Reply: agentReply(true, "1. Add the flag. 2. Silence the output.", "")},
		{Expect: "this evidence is missing", Reply: agentReply(false, "Look.", callXML("fs.list", el("path", ".")))},
		{Expect: `status="ok"`, Reply: agentReply(true, "1. Add the flag in main.go. 2. Silence the output.", "")},
	})
	if len(got) != 1 || !strings.Contains(got[0], "a successful read") || strings.Contains(got[0], "a successful change") {
		t.Fatalf("refusals %q, want one, for the read only", got)
	}
	if _, err := os.Stat(filepath.Join(e.root, "main.go")); err != nil {
		t.Fatal(err)
	}
}

// TestDoneGateNamedCommand: a command the user named is the run they
// asked for, by its name or by its full path, though uname proves no
// build or test.
func TestDoneGateNamedCommand(t *testing.T) {
	for _, program := range []string{"uname", "/usr/bin/uname"} {
		t.Run(program, func(t *testing.T) {
			if _, err := os.Stat("/usr/bin/uname"); err != nil {
				t.Skip("no /usr/bin/uname")
			}
			e := newEnv(t)
			got := runGate(t, e, "run uname and tell me the kernel name", []model.ScriptLine{
				{Expect: "<task", Reply: agentReply(false, "Run.", callXML("terminal.exec", el("program", program), items("argv", "-s")))},
				{Expect: "Linux", Reply: agentReply(true, "The kernel is Linux.", "")},
			}, "--approvals", "allow")
			if len(got) != 0 {
				t.Fatalf("refusals %q", got)
			}
		})
	}
}

// TestDoneGateFileWrittenByProgram: a file a program wrote may be claimed
// as written: the snapshots around the command saw it change.
func TestDoneGateFileWrittenByProgram(t *testing.T) {
	e := newEnv(t)
	writeFiles(t, e.root, map[string]string{"gen.sh": "#!/bin/sh\necho '# notes' > notes.md\n"})
	got := runGate(t, e, "generate notes.md by running gen.sh", []model.ScriptLine{
		{Expect: "<task", Reply: agentReply(false, "Run.", callXML("terminal.exec", el("program", "sh"), items("argv", "gen.sh")))},
		{Expect: `status="ok"`, Reply: agentReply(true, "Created notes.md with gen.sh.", "")},
	}, "--approvals", "allow")
	if len(got) != 0 {
		t.Fatalf("refusals %q", got)
	}
	if b, err := os.ReadFile(filepath.Join(e.root, "notes.md")); err != nil || string(b) != "# notes\n" {
		t.Fatalf("notes.md: %q %v", b, err)
	}
}

// TestDoneGateObjectOfChangeNotRead: "read a.txt and b.txt, then write
// out.txt" needs reads of a.txt and b.txt, not of out.txt (#42 item 9).
func TestDoneGateObjectOfChangeNotRead(t *testing.T) {
	e := newEnv(t)
	writeFiles(t, e.root, map[string]string{"a.txt": "alpha\n", "b.txt": "beta\n"})
	got := runGate(t, e, "read a.txt and b.txt, then write out.txt", []model.ScriptLine{
		{Expect: "<task", Reply: agentReply(false, "Read.", callXML("fs.read", el("path", "a.txt")))},
		{Expect: "alpha", Reply: agentReply(false, "Read.", callXML("fs.read", el("path", "b.txt")))},
		{Expect: "beta", Reply: agentReply(false, "Write.", callXML("fs.write", el("path", "out.txt"), el("content", "alpha beta\n")))},
		{Expect: `status="ok"`, Reply: agentReply(true, "Wrote out.txt.", "")},
	}, "--approvals", "allow")
	if len(got) != 0 {
		t.Fatalf("refusals %q", got)
	}
}

// TestDoneGateDeniedChangeClaimed: a change the user denied, claimed as
// done, is refused; the honest message completes and data/ is still
// there (#42 item 2). (Deleting a build's output, as the build/,
// runs without asking since #46: a tree of data is asked, and denied.)
func TestDoneGateDeniedChangeClaimed(t *testing.T) {
	e := newEnv(t)
	writeFiles(t, e.root, map[string]string{"data/records.csv": "id,name\n1,a\n"})
	got := runGate(t, e, "remove the old data directory", []model.ScriptLine{
		{Expect: "<task", Reply: agentReply(false, "Remove.", callXML("terminal.exec", el("program", "rm"), items("argv", "-r", "data")))},
		{Expect: `status="denied"`, Reply: agentReply(true, "Removed the old data/ directory.", "")},
		{Expect: "you changed data/", Reply: agentReply(true, "The removal was denied; data/ is still there.", "")},
	}, "--approvals", "deny")
	if len(got) != 1 || !strings.Contains(got[0], "data/") {
		t.Fatalf("refusals %q, want one for the claim", got)
	}
	if _, err := os.Stat(filepath.Join(e.root, "data", "records.csv")); err != nil {
		t.Fatal(err)
	}
}

// TestDoneGateAnswerBack: refused for a run, the model answers once that
// it does not apply; the gate accepts it, logs it (run.done_answered),
// and the summary shows it (#45).
func TestDoneGateAnswerBack(t *testing.T) {
	e := newEnv(t)
	s := e.script(
		model.ScriptLine{Expect: "<task", Reply: agentReply(true, "Nothing to test.", "")},
		model.ScriptLine{Expect: "Not applicable: ITEM", Reply: agentReply(true, "The project has no tests.\nNot applicable: run — this project has no tests or build to run.", "")},
	)
	code, out, errOut := e.run("--provider", "script", "--script", s, "run the tests")
	if code != 0 || !strings.Contains(out, "✔ done") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	if !strings.Contains(out, "Not needed") || !strings.Contains(out, "run: this project has no tests or build to run.") {
		t.Fatalf("the summary does not show the answer:\n%s", out)
	}
	evs := e.events(e.onlySession())
	if n := count(evs, event.EvDoneAnswered); n != 1 {
		t.Errorf("%d answers logged, want 1", n)
	}
	if n := count(evs, event.EvDoneRefused); n != 1 || !strings.Contains(refusals(e, e.onlySession())[0], "[run]") {
		t.Errorf("%d refusals, want 1 naming [run]", n)
	}
}
