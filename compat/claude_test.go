//go:build compat

package compat

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestClaudeCodeResumesExport installs a fresh Claude Code export under
// CLAUDE_CONFIG_DIR, resumes it by id with `claude -p -r` and checks the
// history Claude Code sent the model: the fs.patch as Claude Code's own
// calls on its files.
func TestClaudeCodeResumesExport(t *testing.T) {
	e := newEnv(t)
	_, _, got := claudeResumes(t, e)
	// The patch is five uses (Write, Bash mv and Edit, Edit, Bash rm).
	if c, o := countPrefix(got, "tool_use "), countPrefix(got, "tool_result "); c != 11 || o != 11 {
		t.Fatalf("claude sent %d tool uses and %d results, want 11 and 11", c, o)
	}
	if r := fmt.Sprint(runs(got, "tool_use ")); r != "[1 1 1 5 3]" {
		t.Fatalf("runs of tool uses %s, want [1 1 1 5 3] (the patch's five uses and the batched turn's three together): %q", r, got)
	}
	t.Logf("claude sent the whole history: %d blocks, 11 tool uses and 11 results in order", len(got))
	t.Logf("claude resumed the patch as: %s", strings.Join(claudePatchUses(t, got, e.root), "; "))
}

// claudeResumes installs e's session as a Claude Code export, checks where
// it went and its mtime, resumes it with `claude -p -r` and checks that
// the history Claude Code sent the model is the export's; it returns the
// installed path, its lines and the history sent.
func claudeResumes(t *testing.T, e *env) (string, []map[string]any, []string) {
	claude := e.tool("claude")
	if out, _ := e.run(e.root, nil, claude, "--version"); !strings.Contains(out, claudeVersion) {
		t.Fatalf("claude --version: %s, want %s", out, claudeVersion)
	}
	api, err := newStandIn(messagesAnswer)
	if err != nil {
		t.Fatal(err)
	}
	defer api.Close()
	config := filepath.Join(e.home, "claude config")
	extra := []string{"CLAUDE_CONFIG_DIR=" + config, "ANTHROPIC_BASE_URL=" + api.URL(), "ANTHROPIC_API_KEY=dummy"}

	path, command := e.install("claude-code", extra)
	uuid := strings.TrimSuffix(filepath.Base(path), ".jsonl")
	project := strings.Map(func(r rune) rune {
		if r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return r
		}
		return '-'
	}, e.root)
	if path != filepath.Join(config, "projects", project, uuid+".jsonl") || !strings.HasSuffix(command, "claude -r "+uuid) {
		t.Fatalf("installed at %s, command %q", path, command)
	}
	t.Logf("installed %s; %s", path, command)
	exported := jsonLines(t, path)
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	last, err := time.Parse(time.RFC3339, str(exported[len(exported)-1]["timestamp"]))
	if err != nil || fi.ModTime().Sub(last).Abs() > time.Second {
		t.Errorf("mtime %v, last line at %v (%v)", fi.ModTime(), last, err)
	}

	before := len(api.Requests())
	out, _ := e.run(e.root, extra, claude, "-p", "-r", uuid, resumePrompt)
	if !strings.Contains(out, answerText) {
		t.Errorf("claude -p -r printed %q, want the stand-in's answer", out)
	}
	var sent json.RawMessage
	for _, r := range api.Requests()[before:] {
		if strings.Contains(string(r), `"tool_result"`) {
			sent = r
		}
	}
	if sent == nil {
		t.Fatalf("claude sent no request with the resumed history (%d requests)", len(api.Requests())-before)
	}
	got := claudeSentSteps(t, sent)
	want := append(claudeExportSteps(exported), "user: "+resumePrompt)
	diffSteps(t, "the history claude sent", got, want)
	return path, exported, got
}

// claudePatchUses checks that the patch's five tool uses Claude Code sent
// are Claude Code's own calls on the patch's files, in the patch's order,
// and returns them as "name what".
func claudePatchUses(t *testing.T, steps []string, root string) []string {
	var uses []string
	for _, s := range steps {
		if strings.HasPrefix(s, "tool_use ") {
			uses = append(uses, s)
		}
	}
	want := []struct{ name, field, value string }{
		{"Write", "file_path", filepath.Join(root, "farewell.txt")},
		{"Bash", "command", "mv greet.txt messages/greet.txt"},
		{"Edit", "file_path", filepath.Join(root, "messages", "greet.txt")},
		{"Edit", "file_path", filepath.Join(root, "check.sh")},
		{"Bash", "command", "rm notes.txt"},
	}
	// Three writes come before the patch's uses.
	if len(uses) < 3+len(want) {
		t.Fatalf("%d tool uses: %q", len(uses), uses)
	}
	var out []string
	for i, w := range want {
		// "tool_use <id> <name> <input>"
		f := strings.SplitN(uses[3+i], " ", 4)
		var in map[string]any
		if len(f) < 4 || json.Unmarshal([]byte(f[3]), &in) != nil || f[2] != w.name || str(in[w.field]) != w.value {
			t.Fatalf("patch use %d is %q, want %s with %s %q", i+1, uses[3+i], w.name, w.field, w.value)
		}
		out = append(out, w.name+" "+w.value)
	}
	return out
}

// claudeSteps names the content blocks of one message.
func claudeSteps(role string, content any) []string {
	if s, ok := content.(string); ok {
		return []string{role + ": " + s}
	}
	blocks, _ := content.([]any)
	var steps []string
	for _, b := range blocks {
		bm, _ := b.(map[string]any)
		switch str(bm["type"]) {
		case "text":
			text := str(bm["text"])
			if strings.HasPrefix(text, "<system-reminder>") || strings.HasPrefix(text, "<") {
				continue // Claude Code's own context
			}
			steps = append(steps, role+": "+text)
		case "tool_use":
			in, _ := json.Marshal(bm["input"])
			steps = append(steps, "tool_use "+str(bm["id"])+" "+str(bm["name"])+" "+string(in))
		case "tool_result":
			c := bm["content"]
			if s, ok := c.(string); ok {
				steps = append(steps, "tool_result "+str(bm["tool_use_id"])+" "+s)
			} else {
				b, _ := json.Marshal(c)
				steps = append(steps, "tool_result "+str(bm["tool_use_id"])+" "+string(b))
			}
		}
	}
	return steps
}

// claudeExportSteps lists the conversation of a transcript.
func claudeExportSteps(lines []map[string]any) []string {
	var steps []string
	for _, l := range lines {
		m, _ := l["message"].(map[string]any)
		steps = append(steps, claudeSteps(str(m["role"]), m["content"])...)
	}
	return steps
}

// claudeSentSteps lists the conversation of a Messages API request.
func claudeSentSteps(t *testing.T, raw json.RawMessage) []string {
	var req struct {
		Messages []struct {
			Role    string `json:"role"`
			Content any    `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(raw, &req); err != nil {
		t.Fatal(err)
	}
	var steps []string
	for _, m := range req.Messages {
		if m.Role == "user" || m.Role == "assistant" { // not Claude Code's own system notes
			steps = append(steps, claudeSteps(m.Role, m.Content)...)
		}
	}
	return steps
}
