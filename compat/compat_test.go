//go:build compat

package compat

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/internal/buildtest"
)

// The pinned tool versions (make compat installs them).
const (
	codexVersion  = "0.171.0"
	claudeVersion = "2.1.197"
)

// compatTask is the scripted session's task.
const compatTask = "write a greeting and check it"

// resumePrompt is what each tool is asked after resuming.
const resumePrompt = "compat: continue"

// env is one test's environment: the tools, the wtagent binary, the
// recorded session.
type env struct {
	t      *testing.T
	prefix string
	bin    string
	home   string // HOME for the tools
	wtHome string // WTAGENT_HOME
	root   string // the project
	id     string // the wtagent session id
}

// tool is the path of an installed tool.
func (e *env) tool(name string) string {
	p := filepath.Join(e.prefix, "node_modules", ".bin", name)
	if _, err := os.Stat(p); err != nil {
		e.t.Fatalf("%s is not installed in %s (run make compat): %v", name, e.prefix, err)
	}
	return p
}

// run runs a program in dir with the base environment plus extra, and
// returns its stdout and stderr; a failure fails the test.
func (e *env) run(dir string, extra []string, name string, args ...string) (string, string) {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(e.baseEnv(), extra...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		e.t.Fatalf("%s %v: %v\nstdout:\n%s\nstderr:\n%s", filepath.Base(name), args, err, out.String(), errb.String())
	}
	return out.String(), errb.String()
}

// buildWtagent puts the wtagent binary into a temporary directory: built
// once for every test of the package (package buildtest).
func buildWtagent(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "wtagent")
	if err := buildtest.Wtagent(t.Context(), bin); err != nil {
		t.Fatal(err)
	}
	return bin
}

// baseEnv is a clean environment: a private HOME, no proxy but a dead one
// for anything that is not loopback, so nothing leaves the machine.
func (e *env) baseEnv() []string {
	return []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + e.home, "WTAGENT_HOME=" + e.wtHome, "NO_COLOR=1", "TERM=dumb",
		"HTTPS_PROXY=http://127.0.0.1:9", "HTTP_PROXY=http://127.0.0.1:9", "NO_PROXY=127.0.0.1,localhost",
		"https_proxy=http://127.0.0.1:9", "http_proxy=http://127.0.0.1:9", "no_proxy=127.0.0.1,localhost",
		"DISABLE_TELEMETRY=1", "DISABLE_AUTOUPDATER=1", "DISABLE_ERROR_REPORTING=1",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1",
	}
}

// newEnv builds wtagent and records the scripted session: three writes
// (one an edit), one fs.patch (compatPatch: an add, an update with a
// move, an update, a delete of notes.txt, the project's before the run),
// then one reply with two reads and a run (a batch, with calls-per-reply
// 8), then done.
func newEnv(t *testing.T) *env {
	return newEnvRecording(t, compatTask, scriptLines(t), map[string]string{"notes.txt": "draft notes\n"})
}

// newEnvRecording builds wtagent and records a scripted session of task
// from the script's lines (JSON Lines) in a project holding files (name
// → content).
func newEnvRecording(t *testing.T, task string, script []byte, files map[string]string) *env {
	prefix := os.Getenv("WTAGENT_COMPAT_PREFIX")
	if prefix == "" {
		t.Fatal("WTAGENT_COMPAT_PREFIX is not set: run make compat")
	}
	e := &env{t: t, prefix: prefix, home: t.TempDir(), wtHome: t.TempDir(), root: filepath.Join(t.TempDir(), "greet project")}
	if err := os.MkdirAll(e.root, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(e.root, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	e.bin = buildWtagent(t)
	e.run(e.root, nil, "git", "init", "-q", "-b", "compat-branch")
	// Several calls per reply: the session holds a batched turn.
	if err := os.WriteFile(filepath.Join(e.wtHome, "config.json"), []byte(`{"calls-per-reply": 8}`), 0o600); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "script.jsonl")
	if err := os.WriteFile(path, script, 0o644); err != nil {
		t.Fatal(err)
	}
	e.run(e.root, nil, e.bin, "--provider", "script", "--script", path, task)
	out, _ := e.run(e.root, nil, e.bin, "sessions", "--json")
	// One JSON object per session, one session.
	var s struct {
		ID    string `json:"session_id"`
		State string `json:"state"`
	}
	if err := json.Unmarshal([]byte(out), &s); err != nil || s.State != "completed" || s.ID == "" {
		t.Fatalf("sessions --json: %v: %s", err, out)
	}
	e.id = s.ID
	return e
}

// replyXML is a model reply: a fenced <agent_response>.
func replyXML(done bool, msg, call string) string {
	return "```xml\n<agent_response><done>" + map[bool]string{true: "true", false: "false"}[done] +
		"</done><message><![CDATA[" + msg + "]]></message>" + call + "</agent_response>\n```"
}

// elXML is one argument of a tool call.
func elXML(n, v string) string { return "<" + n + "><![CDATA[" + v + "]]></" + n + ">" }

// callXML is a tool call of a reply.
func callXML(name string, args ...string) string {
	return `<tool_call name="` + name + `"><args>` + strings.Join(args, "") + `</args></tool_call>`
}

// compatPatch is the session's fs.patch: it adds farewell.txt, moves
// greet.txt to messages/greet.txt with a change, points check.sh at the
// new place and deletes notes.txt.
const compatPatch = "*** Begin Patch\n" +
	"*** Add File: farewell.txt\n+goodbye\n" +
	"*** Update File: greet.txt\n*** Move to: messages/greet.txt\n@@\n-hello world\n+hello world!\n" +
	"*** Update File: check.sh\n@@\n #!/bin/sh\n-grep -q 'hello world' greet.txt && echo check passed\n" +
	"+grep -q 'hello world' messages/greet.txt && echo check passed\n" +
	"*** Delete File: notes.txt\n" +
	"*** End Patch\n"

// scriptLines is the scripted model's replies.
func scriptLines(t *testing.T) []byte {
	reply, el, call := replyXML, elXML, callXML
	lines := []scriptLine{
		{"<task", reply(false, "Write the greeting.", call("fs.write", el("path", "greet.txt"), el("content", "hello\n"))), ""},
		{`status="ok"`, reply(false, "Fix the greeting.", call("fs.edit", el("path", "greet.txt"), el("old_text", "hello"), el("new_text", "hello world"))), ""},
		{`status="ok"`, reply(false, "Write the check.", call("fs.write", el("path", "check.sh"),
			el("content", "#!/bin/sh\ngrep -q 'hello world' greet.txt && echo check passed\n"))), ""},
		{`status="ok"`, reply(false, "Move the greeting, say goodbye, drop the notes.", call("fs.patch", el("patch", compatPatch))), ""},
		{"moved greet.txt", reply(false, "Read both back, then check.", call("fs.read", el("path", "messages/greet.txt"))+
			call("fs.read", el("path", "check.sh"))+call("terminal.exec", el("program", "sh"), "<argv><item>check.sh</item></argv>")), ""},
		{"check passed", reply(true, "messages/greet.txt says hello world!; sh check.sh passed.", ""), ""},
	}
	return scriptJSONL(t, lines)
}

// scriptLine is one line of a script: the reply to the message that holds
// Expect, in the sub-agent whose task holds Agent (the main conversation
// when empty).
type scriptLine struct {
	Expect string `json:"expect"`
	Reply  string `json:"reply"`
	Agent  string `json:"agent,omitempty"`
}

// scriptJSONL encodes script lines as JSON Lines.
func scriptJSONL(t *testing.T, lines []scriptLine) []byte {
	var b bytes.Buffer
	for _, l := range lines {
		j, err := json.Marshal(l)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(append(j, '\n'))
	}
	return b.Bytes()
}

// install runs `wtagent export --install` and returns the file it wrote
// and the command it printed.
func (e *env) install(format string, extra []string) (string, string) {
	out, errOut := e.run(e.root, extra, e.bin, "export", e.id, "--format", format, "--install")
	path, ok := strings.CutPrefix(strings.TrimSpace(errOut), "wrote ")
	if !ok {
		e.t.Fatalf("export --install said %q", errOut)
	}
	return path, strings.TrimSpace(out)
}

// jsonLines decodes a JSON Lines file.
func jsonLines(t *testing.T, path string) []map[string]any {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var v map[string]any
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, v)
	}
	return out
}

// str is v as a string ("" when it is not one).
func str(v any) string { s, _ := v.(string); return s }

// diffSteps fails with both sequences when they differ.
func diffSteps(t *testing.T, what string, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") == strings.Join(want, "\n") {
		return
	}
	t.Fatalf("%s differs from the export.\n got (%d):\n  %s\nwant (%d):\n  %s", what,
		len(got), strings.Join(got, "\n  "), len(want), strings.Join(want, "\n  "))
}

// countPrefix counts the steps that start with p.
func countPrefix(steps []string, p string) int {
	n := 0
	for _, s := range steps {
		if strings.HasPrefix(s, p) {
			n++
		}
	}
	return n
}

// runs are the lengths of the runs of consecutive steps that start with
// p, in order: a batched turn's calls come together, in one message.
func runs(steps []string, p string) []int {
	var out []int
	n := 0
	for _, s := range append(steps, "") {
		if strings.HasPrefix(s, p) && s != "" {
			n++
			continue
		}
		if n > 0 {
			out = append(out, n)
		}
		n = 0
	}
	return out
}
