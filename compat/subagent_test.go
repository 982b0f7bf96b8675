//go:build compat

package compat

import (
	"path/filepath"
	"strings"
	"testing"
)

// agentTask is the task of the session that ran sub-agents.
const agentTask = "ask two sub-agents for the words"

// agentFiles are its sub-agents, each named by its task's first word, and
// the file each reads.
func agentFiles() []struct{ name, file string } {
	return []struct{ name, file string }{{"alpha", "a.txt"}, {"beta", "b.txt"}}
}

// newAgentEnv records a session whose one reply ran two read sub-agents
// (agent.run), each reading one file in its own conversation.
func newAgentEnv(t *testing.T) *env {
	reply, el, call := replyXML, elXML, callXML
	var runs string
	files := map[string]string{}
	var sub []scriptLine
	for _, a := range agentFiles() {
		runs += call("agent.run", el("task", a.name+": read "+a.file+" and report its word"))
		files[a.file] = a.name + "-word\n"
		sub = append(sub,
			scriptLine{a.name + ": read", reply(false, "Reading "+a.file+".", call("fs.read", el("path", a.file))), a.name},
			scriptLine{a.name + "-word", reply(true, "The word is "+a.name+"-word.", ""), a.name})
	}
	lines := append([]scriptLine{
		{"<task", reply(false, "Two sub-agents.", runs), ""},
		{`<tool_results calls="2">`, reply(true, "The words are alpha-word and beta-word.", ""), ""},
	}, sub...)
	return newEnvRecording(t, agentTask, scriptJSONL(t, lines), files)
}

// TestClaudeCodeResumesSubAgentExport: a session that ran two sub-agents,
// exported for Claude Code, holds two Agent calls whose results name
// their agents, and each agent's sidechain transcript where Claude Code
// keeps it (<session>/subagents/agent-<id>.jsonl): every line a sidechain
// of the session, its first the agent's prompt, then its own Read call
// and final message. Claude Code resumes the session and sends the model
// the main conversation, the Agent calls and their results, and none of
// the sidechains' lines.
func TestClaudeCodeResumesSubAgentExport(t *testing.T) {
	path, exported, got := claudeResumes(t, newAgentEnv(t))
	uuid := strings.TrimSuffix(filepath.Base(path), ".jsonl")
	prompts := map[string]string{} // agentId → its prompt
	for _, l := range exported {
		if l["isSidechain"] != false {
			t.Errorf("a line of the session's transcript is a sidechain: %v", l)
		}
		if r, ok := l["toolUseResult"].(map[string]any); ok && str(r["agentId"]) != "" {
			prompts[str(r["agentId"])] = str(r["prompt"])
		}
	}
	if len(prompts) != 2 {
		t.Fatalf("%d Agent results name an agent, want 2: %v", len(prompts), prompts)
	}
	for id, prompt := range prompts {
		side := jsonLines(t, filepath.Join(strings.TrimSuffix(path, ".jsonl"), "subagents", "agent-"+id+".jsonl"))
		for i, l := range side {
			if l["isSidechain"] != true || str(l["agentId"]) != id || str(l["sessionId"]) != uuid || (i == 0) != (l["parentUuid"] == nil) {
				t.Errorf("agent %s line %d is not a sidechain line of the session: %v", id, i, l)
			}
		}
		steps := claudeExportSteps(side)
		name := strings.Fields(prompt)[0]
		name = strings.TrimSuffix(name, ":")
		if len(steps) == 0 || steps[0] != "user: "+prompt || countPrefix(steps, "tool_use ") != 1 ||
			!strings.Contains(strings.Join(steps, "\n"), "assistant: The word is "+name+"-word.") {
			t.Errorf("agent %s's sidechain tells %q", id, steps)
		}
		for _, g := range got {
			if strings.Contains(g, "Reading ") {
				t.Errorf("claude sent a sidechain's line with the session: %q", g)
			}
		}
	}
	if c := countPrefix(got, "tool_use "); c != 2 || !strings.Contains(strings.Join(got, "\n"), " Agent {") {
		t.Fatalf("claude sent %d tool uses, want the 2 Agent calls: %q", c, got)
	}
	t.Logf("claude resumed the session with its 2 Agent calls; their sidechains are where Claude Code keeps them")
}

// TestCodexResumesSubAgentExport: the same session exported for Codex
// holds each agent.run as a call with its output (the sub-agent's final
// message and what it read); Codex lists it, resumes it and sends the
// model both calls and outputs.
func TestCodexResumesSubAgentExport(t *testing.T) {
	got := codexResumes(t, newAgentEnv(t), agentTask, nil)
	if c, o := countPrefix(got, "call "), countPrefix(got, "output "); c != 2 || o != 2 {
		t.Fatalf("codex sent %d calls and %d outputs, want 2 and 2: %q", c, o, got)
	}
	all := strings.Join(got, "\n")
	for _, a := range agentFiles() {
		for _, want := range []string{"agent_run", a.name + ": read " + a.file, "The word is " + a.name + "-word.", a.file} {
			if !strings.Contains(all, want) {
				t.Errorf("codex's history lacks %q: %q", want, got)
			}
		}
	}
	t.Logf("codex sent the session with its 2 agent.run calls and outputs")
}
