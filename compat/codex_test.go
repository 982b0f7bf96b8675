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
	"sort"
	"strings"
	"testing"
	"time"
)

// codexProvider is the model provider the stand-in is configured as.
const codexProvider = "compat"

// TestCodexResumesExport installs a fresh Codex export into a CODEX_HOME
// whose state database already exists (Codex ran there before), checks
// that Codex lists it among interactive sessions for the project, that its
// history view (thread/read) shows the fs.patch's files as one file-change
// item, that Codex parses every line of it (a line it cannot parse it
// skips without a word), resumes it by id and checks the history Codex
// sent the model.
func TestCodexResumesExport(t *testing.T) {
	e := newEnv(t)
	got := codexResumes(t, e, compatTask, func(app *appServer, uuid string) {
		changes := codexFileChanges(t, app, uuid, e.root)
		t.Logf("codex's history of the session shows the patch's files: %s", strings.Join(changes, "; "))
		if bad := app.unparsedLines(); len(bad) > 0 {
			t.Fatalf("codex skipped %d line(s) of the export it could not parse:\n%s", len(bad), strings.Join(bad, "\n"))
		}
		t.Log("codex parsed every line of the export")
	})
	if c, o := countPrefix(got, "call "), countPrefix(got, "output "); c != 7 || o != 7 {
		t.Fatalf("codex sent %d calls and %d outputs, want 7 and 7", c, o)
	}
	if r := fmt.Sprint(runs(got, "call ")); r != "[1 1 1 1 3]" {
		t.Fatalf("runs of calls %s, want [1 1 1 1 3] (the batched turn's three calls together): %q", r, got)
	}
	t.Logf("codex sent the whole history: %d items, 7 calls and 7 outputs in order", len(got))
}

// codexResumes installs e's session (of task) as a Codex export into a
// CODEX_HOME whose state database already exists (Codex ran there before),
// checks that Codex lists it among interactive sessions for the project
// and its resume picker shows it, resumes it by id and checks that the
// history Codex sent the model is the export's, which it returns. history,
// when set, checks Codex's history view of the session (thread/read).
func codexResumes(t *testing.T, e *env, task string, history func(app *appServer, uuid string)) []string {
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

	app := startAppServer(t, e, codex, extra)
	threads := codexThreads(t, app, e.root)
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
	if history != nil {
		history(app, uuid)
	}
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

// appServer is a running `codex app-server` (the service behind the
// resume picker and the TUI's history), spoken to in JSON-RPC lines.
type appServer struct {
	t     *testing.T
	stdin io.WriteCloser
	lines *bufio.Scanner
	next  int
	// log is the file of the app-server's rollout reader log.
	log string
}

// startAppServer starts `codex app-server` in the project and initializes
// it; the test's cleanup stops it.
func startAppServer(t *testing.T, e *env, codex string, extra []string) *appServer {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	cmd := exec.CommandContext(ctx, codex, "app-server")
	// The rollout reader logs each line it cannot parse (and skips) at
	// trace level.
	cmd.Dir, cmd.Env = e.root, append(append(e.baseEnv(), extra...), "RUST_LOG=codex_rollout=trace")
	log, err := os.Create(filepath.Join(t.TempDir(), "app-server.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer log.Close()
	cmd.Stderr = log
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
	t.Cleanup(func() { stdin.Close(); cmd.Process.Kill(); cmd.Wait(); cancel() })
	a := &appServer{t: t, stdin: stdin, lines: bufio.NewScanner(stdout), log: log.Name()}
	a.lines.Buffer(make([]byte, 1<<20), 16<<20)
	a.call("initialize", map[string]any{"clientInfo": map[string]string{"name": "wtagent-compat", "version": "1"}})
	send(t, stdin, map[string]any{"method": "initialized"})
	return a
}

// call sends one request and returns its result; an error answer fails
// the test.
func (a *appServer) call(method string, params any) json.RawMessage {
	a.next++
	id := a.next
	send(a.t, a.stdin, map[string]any{"id": id, "method": method, "params": params})
	for a.lines.Scan() {
		var m struct {
			ID     *int            `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  json.RawMessage `json:"error"`
		}
		if json.Unmarshal(a.lines.Bytes(), &m) == nil && m.ID != nil && *m.ID == id {
			if m.Error != nil {
				a.t.Fatalf("app-server %s: %s", method, m.Error)
			}
			return m.Result
		}
	}
	a.t.Fatalf("app-server ended before answering %s: %v", method, a.lines.Err())
	return nil
}

// unparsedLines are the log lines in which the app-server's rollout
// reader reported a rollout line it could not parse, so far (the reader
// logs them before it answers the request that read the rollout).
func (a *appServer) unparsedLines() []string {
	b, err := os.ReadFile(a.log)
	if err != nil {
		a.t.Fatal(err)
	}
	var bad []string
	for _, l := range strings.Split(string(b), "\n") {
		if strings.Contains(l, "failed to parse rollout line") {
			bad = append(bad, l)
		}
	}
	return bad
}

// codexThreads asks the app-server for the interactive sessions of the
// project, as `codex resume` lists them for the configured provider.
func codexThreads(t *testing.T, a *appServer, root string) []codexThread {
	var list struct{ Data []codexThread }
	raw := a.call("thread/list", map[string]any{"cwd": root, "modelProviders": []string{codexProvider}})
	if err := json.Unmarshal(raw, &list); err != nil {
		t.Fatalf("thread/list: %v: %s", err, raw)
	}
	return list.Data
}

// codexFileChanges reads the session as Codex's history view does
// (thread/read with its turns) and returns the changes of the file-change
// item of the session's fs.patch, "kind path [→ new path]" each, in path
// order. The patch's four files must be there, each as what it did.
func codexFileChanges(t *testing.T, a *appServer, uuid, root string) []string {
	raw := a.call("thread/read", map[string]any{"threadId": uuid, "includeTurns": true})
	var read struct {
		Thread struct {
			Turns []struct {
				Items []struct {
					Type    string `json:"type"`
					Status  string `json:"status"`
					Changes []struct {
						Path string `json:"path"`
						Kind struct {
							Type     string `json:"type"`
							MovePath string `json:"move_path"`
						} `json:"kind"`
						Diff string `json:"diff"`
					} `json:"changes"`
				} `json:"items"`
			} `json:"turns"`
		} `json:"thread"`
	}
	if err := json.Unmarshal(raw, &read); err != nil {
		t.Fatalf("thread/read: %v: %s", err, raw)
	}
	var fileItems int
	var patch []string
	for _, turn := range read.Thread.Turns {
		for _, it := range turn.Items {
			if it.Type != "fileChange" {
				continue
			}
			fileItems++
			if len(it.Changes) < 2 || it.Status != "completed" {
				continue // fs.write and fs.edit change one file
			}
			for _, c := range it.Changes {
				s := c.Kind.Type + " " + c.Path
				if c.Kind.MovePath != "" {
					s += " → " + c.Kind.MovePath
				}
				patch = append(patch, s)
			}
		}
	}
	sort.Strings(patch)
	want := []string{"add " + filepath.Join(root, "farewell.txt"), "delete " + filepath.Join(root, "notes.txt"),
		"update " + filepath.Join(root, "check.sh"),
		"update " + filepath.Join(root, "greet.txt") + " → " + filepath.Join(root, "messages", "greet.txt")}
	if fileItems != 4 || strings.Join(patch, "\n") != strings.Join(want, "\n") {
		t.Fatalf("codex's history has %d file-change items (want 4: three writes and the patch); the patch's:\n  %s\nwant:\n  %s\n%s",
			fileItems, strings.Join(patch, "\n  "), strings.Join(want, "\n  "), raw)
	}
	return patch
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
