//go:build linux

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/model"
)

// jsonLinesOf decodes JSON Lines.
func jsonLinesOf(t *testing.T, data []byte) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var v map[string]any
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		out = append(out, v)
	}
	return out
}

// TestSubAgentsExport: a session that ran two read sub-agents exports,
// for Claude Code, two Agent calls whose results name their agents, and
// with --install each agent's sidechain transcript where Claude Code keeps
// it (<session>/subagents/agent-<id>.jsonl), every line a sidechain of
// the session, its first the agent's task; the standard output holds the
// same lines, the session's then the sidechains'. For Codex each
// agent.run is a call with its output (the sub-agent's final message).
func TestSubAgentsExport(t *testing.T) {
	e := batchEnv(t, "8")
	files := map[string]string{"alpha": "a.txt", "beta": "b.txt"}
	lines := []model.ScriptLine{
		{Expect: "agent.run", Reply: agentReply(false, "Two sub-agents.",
			agentRunXML("alpha: read a.txt and report its word")+agentRunXML("beta: read b.txt and report its word"))},
		{Expect: `<tool_results calls="2">`, Reply: agentReply(true, "Both words are in.", "")},
	}
	for _, n := range []string{"alpha", "beta"} {
		lines = append(lines,
			model.ScriptLine{Agent: n, Expect: n + ": read", Reply: agentReply(false, "Reading "+files[n]+".", readXML(files[n]))},
			model.ScriptLine{Agent: n, Expect: n + "-content", Reply: agentReply(true, "The word is "+n+"-content.", "")})
	}
	if code, out, errOut := e.run("--provider", "script", "--script", e.script(lines...), "--approvals", "deny", "two sub-agents"); code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	id := e.onlySession()

	config := filepath.Join(t.TempDir(), "claude")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := e.command(ctx, "export", id, "--format", "claude-code", "--install")
	cmd.Env = append(cmd.Env, "CLAUDE_CONFIG_DIR="+config)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("export --install: %v\n%s", err, errb.String())
	}
	path := strings.TrimPrefix(strings.TrimSpace(errb.String()), "wrote ")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	main := jsonLinesOf(t, data)
	session := main[0]["sessionId"]
	tasks := map[string]string{} // agentId → its task
	for _, l := range main {
		if l["isSidechain"] != false {
			t.Errorf("a line of the session is a sidechain: %v", l)
		}
		if r, ok := l["toolUseResult"].(map[string]any); ok && r["agentId"] != nil {
			tasks[r["agentId"].(string)] = r["prompt"].(string)
		}
	}
	if len(tasks) != 2 || !strings.Contains(string(data), `"name":"Agent"`) {
		t.Fatalf("the transcript names %d agents in Agent results, want 2: %v", len(tasks), tasks)
	}
	var sides []byte
	for agent, task := range tasks {
		side, err := os.ReadFile(filepath.Join(strings.TrimSuffix(path, ".jsonl"), "subagents", "agent-"+agent+".jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		sides = append(sides, side...)
		sl := jsonLinesOf(t, side)
		for i, l := range sl {
			if l["isSidechain"] != true || l["agentId"] != agent || l["sessionId"] != session || (i == 0) != (l["parentUuid"] == nil) {
				t.Errorf("agent %s line %d is not its sidechain line: %v", agent, i, l)
			}
		}
		if m, _ := sl[0]["message"].(map[string]any); m["content"] != task {
			t.Errorf("agent %s starts with %v, want its task %q", agent, sl[0]["message"], task)
		}
		name := strings.TrimSuffix(strings.Fields(task)[0], ":")
		for _, want := range []string{`"name":"Read"`, "The word is " + name + "-content."} {
			if !strings.Contains(string(side), want) {
				t.Errorf("agent %s's sidechain lacks %s", agent, want)
			}
		}
	}
	code, out, errOut := e.run("export", id, "--format", "claude-code")
	if code != 0 || len(out) != len(data)+len(sides) || !strings.HasPrefix(out, string(data)) {
		t.Errorf("export to stdout: exit %d, %d bytes, want the session's %d and the sidechains' %d\n%s", code, len(out), len(data), len(sides), errOut)
	}

	code, out, errOut = e.run("export", id, "--format", "codex")
	if code != 0 {
		t.Fatalf("export codex: exit %d\n%s", code, errOut)
	}
	calls, outputs := 0, 0
	for _, l := range jsonLinesOf(t, []byte(out)) {
		p, _ := l["payload"].(map[string]any)
		switch {
		case p["type"] == "function_call" && p["name"] == "agent_run":
			calls++
		case p["type"] == "function_call_output" && strings.Contains(p["output"].(string), "The word is "):
			outputs++
		}
	}
	if calls != 2 || outputs != 2 {
		t.Errorf("the codex rollout has %d agent_run calls and %d outputs with the final message, want 2 and 2", calls, outputs)
	}
}
