//go:build compat

package compat

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// codexProvider is the model provider the stand-in is configured as.
const codexProvider = "compat"

// TestCodexResumesExport installs a fresh Codex export into a CODEX_HOME
// whose state database already exists (Codex ran there before), checks
// that Codex lists it among interactive sessions for the project, resumes
// it by id and checks the history Codex sent the model.
func TestCodexResumesExport(t *testing.T) {
	got := codexResumes(t, newEnv(t), compatTask)
	if c, o := countPrefix(got, "call "), countPrefix(got, "output "); c != 6 || o != 6 {
		t.Fatalf("codex sent %d calls and %d outputs, want 6 and 6", c, o)
	}
	if run := longestRun(got, "call "); run != 3 {
		t.Fatalf("the batched turn's three calls are not together (longest run %d): %q", run, got)
	}
	t.Logf("codex sent the whole history: %d items, 6 calls and 6 outputs in order", len(got))
}

// codexResumes installs e's session (of task) as a Codex export into a
// CODEX_HOME whose state database already exists (Codex ran there before),
// checks that Codex lists it among interactive sessions for the project
// and its resume picker shows it, resumes it by id and checks that the
// history Codex sent the model is the export's, which it returns.
func codexResumes(t *testing.T, e *env, task string) []string {
	codex := e.tool("codex")
	if out, _ := e.run(e.root, nil, codex, "--version"); !strings.Contains(out, codexVersion) {
		t.Fatalf("codex --version: %s, want %s", out, codexVersion)
	}
	api, err := newStandIn(responsesAnswer)
	if err != nil {
		t.Fatal(err)
	}
	defer api.Close()
	codexHome := filepath.Join(e.home, "codex home")
	writeCodexConfig(t, codexHome, api.URL())
	extra := []string{"CODEX_HOME=" + codexHome, "COMPAT_API_KEY=dummy"}

	// Codex has run in this CODEX_HOME before: its state database exists.
	e.run(t.TempDir(), extra, codex, "exec", "--skip-git-repo-check", "earlier session")
	if _, err := os.Stat(filepath.Join(codexHome, "state_5.sqlite")); err != nil {
		t.Logf("no state_5.sqlite after the first run: %v", err)
	}

	path, command := e.install("codex", extra)
	uuid := strings.TrimSuffix(filepath.Base(path), ".jsonl")[len("rollout-2006-01-02T15-04-05-"):]
	if !strings.HasPrefix(path, filepath.Join(codexHome, "sessions")+"/") || !strings.HasSuffix(command, "codex resume "+uuid) {
		t.Fatalf("installed at %s, command %q", path, command)
	}
	t.Logf("installed %s; %s", path, command)

	threads := codexThreads(t, e, codex, extra)
	found := false
	for _, th := range threads {
		if th.ID == uuid {
			found = true
			if th.Preview != task || th.Cwd != e.root || th.Source != "cli" {
				t.Errorf("listed as %+v", th)
			}
		}
	}
	if !found {
		t.Fatalf("codex does not list %s for %s among interactive sessions: %+v", uuid, e.root, threads)
	}
	t.Logf("codex lists %d interactive session(s) for the project, the export among them", len(threads))
	screen := codexPickerShows(t, e, codex, extra, task)
	i := strings.Index(screen, task)
	t.Logf("codex resume (the picker) shows: …%s", screen[max(0, i-40):min(len(screen), i+len(task)+40)])

	// Read before resuming: Codex appends the new turn to the same file.
	want := append(codexExportSteps(jsonLines(t, path)), "user: "+resumePrompt)
	before := len(api.Requests())
	out, _ := e.run(e.root, extra, codex, "exec", "resume", uuid, resumePrompt)
	if !strings.Contains(out, answerText) {
		t.Errorf("codex exec resume printed %q, want the stand-in's answer", out)
	}
	reqs := api.Requests()
	if len(reqs) <= before {
		t.Fatal("codex exec resume sent no model request")
	}
	got := codexSentSteps(t, reqs[len(reqs)-1])
	diffSteps(t, "the history codex sent", got, want)
	return got
}

// writeCodexConfig points Codex at the stand-in.
func writeCodexConfig(t *testing.T, dir, url string) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	cfg := fmt.Sprintf(`model = "gpt-5"
model_provider = %q
check_for_update_on_startup = false

[model_providers.%s]
name = "compat stand-in"
base_url = "%s/v1"
wire_api = "responses"
env_key = "COMPAT_API_KEY"
`, codexProvider, codexProvider, url)
	if err := os.WriteFile(filepath.Join(dir, "config.toml"), []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
}

// codexThread is one entry of Codex's thread list.
type codexThread struct {
	ID, Preview, Cwd, Source, ModelProvider string
}

// codexThreads asks `codex app-server` (the service behind the resume
// picker) for the interactive sessions of the project, as `codex resume`
// lists them for the configured provider.
func codexThreads(t *testing.T, e *env, codex string, extra []string) []codexThread {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, codex, "app-server")
	cmd.Dir, cmd.Env = e.root, append(e.baseEnv(), extra...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { stdin.Close(); cmd.Process.Kill(); cmd.Wait() }()
	lines := bufio.NewScanner(stdout)
	lines.Buffer(make([]byte, 1<<20), 16<<20)
	call := func(id int, method string, params any) json.RawMessage {
		send(t, stdin, map[string]any{"id": id, "method": method, "params": params})
		for lines.Scan() {
			var m struct {
				ID     *int            `json:"id"`
				Result json.RawMessage `json:"result"`
				Error  json.RawMessage `json:"error"`
			}
			if json.Unmarshal(lines.Bytes(), &m) == nil && m.ID != nil && *m.ID == id {
				if m.Error != nil {
					t.Fatalf("app-server %s: %s", method, m.Error)
				}
				return m.Result
			}
		}
		t.Fatalf("app-server ended before answering %s: %v", method, lines.Err())
		return nil
	}
	call(1, "initialize", map[string]any{"clientInfo": map[string]string{"name": "wtagent-compat", "version": "1"}})
	send(t, stdin, map[string]any{"method": "initialized"})
	var list struct{ Data []codexThread }
	raw := call(2, "thread/list", map[string]any{"cwd": e.root, "modelProviders": []string{codexProvider}})
	if err := json.Unmarshal(raw, &list); err != nil {
		t.Fatalf("thread/list: %v: %s", err, raw)
	}
	return list.Data
}

// send writes one JSON-RPC message line.
func send(t *testing.T, w io.Writer, m any) {
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(append(b, '\n')); err != nil {
		t.Fatal(err)
	}
}

// codexStep names one conversation item of the Responses API: a user or
// assistant message, a call with its arguments, an output.
func codexStep(p map[string]any) string {
	switch str(p["type"]) {
	case "message":
		role := str(p["role"])
		var texts []string
		content, _ := p["content"].([]any)
		for _, c := range content {
			cm, _ := c.(map[string]any)
			texts = append(texts, str(cm["text"]))
		}
		text := strings.Join(texts, "")
		if role == "developer" || role == "system" || (role == "user" && strings.HasPrefix(text, "<")) {
			return "" // Codex's own context, not the conversation
		}
		return role + ": " + text
	case "function_call":
		return "call " + str(p["call_id"]) + " " + str(p["name"]) + " " + str(p["arguments"])
	case "custom_tool_call":
		return "call " + str(p["call_id"]) + " " + str(p["name"]) + " " + str(p["input"])
	case "function_call_output", "custom_tool_call_output":
		out := p["output"]
		if s, ok := out.(string); ok {
			return "output " + str(p["call_id"]) + " " + s
		}
		b, _ := json.Marshal(out)
		return "output " + str(p["call_id"]) + " " + string(b)
	}
	return ""
}

// codexExportSteps lists the conversation items of a rollout.
func codexExportSteps(lines []map[string]any) []string {
	var steps []string
	for _, l := range lines {
		if l["type"] != "response_item" {
			continue
		}
		p, _ := l["payload"].(map[string]any)
		if s := codexStep(p); s != "" {
			steps = append(steps, s)
		}
	}
	return steps
}

// codexSentSteps lists the conversation items of a Responses API request.
func codexSentSteps(t *testing.T, raw json.RawMessage) []string {
	var req struct {
		Input []map[string]any `json:"input"`
	}
	if err := json.Unmarshal(raw, &req); err != nil {
		t.Fatal(err)
	}
	var steps []string
	for _, it := range req.Input {
		if s := codexStep(it); s != "" {
			steps = append(steps, s)
		}
	}
	return steps
}
