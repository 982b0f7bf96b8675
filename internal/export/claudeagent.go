package export

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/wtagent/wtagent/session/event"
)

// toolAgentRun is the sub-agent tool (package protocol's ToolAgentRun).
const toolAgentRun = "agent.run"

// claudeAgentTool is Claude Code's sub-agent tool: named Task before
// version 2.1, Agent since (Task is still read as its alias).
const claudeAgentTool = "Agent"

// agentRunArgs are agent.run's arguments.
type agentRunArgs struct {
	Task string `json:"task"`
	Mode string `json:"mode"`
}

// claudeAgentInput is the Agent tool's input.
type claudeAgentInput struct {
	Description  string `json:"description"`
	Prompt       string `json:"prompt"`
	SubagentType string `json:"subagent_type"`
}

// agentResult is what the export reads of an agent.run result's data
// (package actors' AgentResult).
type agentResult struct {
	Summary string `json:"summary"`
	Turns   int    `json:"turns"`
	// Session is the sub-agent's session directory.
	Session string `json:"session"`
}

// Sidechain is one sub-agent's Claude Code transcript: its own lines,
// each with isSidechain and its agentId, which Claude Code keeps beside
// the session's (<session uuid>/subagents/agent-<AgentID>.jsonl).
type Sidechain struct {
	AgentID string
	Data    []byte
}

// claudeAgent maps agent.run onto Claude Code's Agent tool: its task is
// the prompt, its first words the description.
func claudeAgent(raw json.RawMessage) (string, any) {
	var a agentRunArgs
	if !decodeArgs(raw, &a) || strings.TrimSpace(a.Task) == "" {
		return "", nil
	}
	words := strings.Fields(a.Task)
	return claudeAgentTool, claudeAgentInput{Description: strings.Join(words[:min(len(words), 5)], " "),
		Prompt: a.Task, SubagentType: "general-purpose"}
}

// claudeAgentID is the agentId Claude Code names a sub-agent by ("a" and
// 16 hex digits), derived from its wtagent session id.
func claudeAgentID(sessionID string) string {
	return "a" + strings.ReplaceAll(derivedUUID("wtagent-agent", sessionID), "-", "")[:16]
}

// agentOf reads the sub-agent session id of an agent.run result; false
// when the result names none.
func agentOf(r event.ToolResult) (agentResult, string, bool) {
	var a agentResult
	if len(r.Data) == 0 || json.Unmarshal(r.Data, &a) != nil || a.Session == "" {
		return a, "", false
	}
	return a, filepath.Base(a.Session), true
}

// claudeAgentResult is the toolUseResult Claude Code writes for a
// finished Agent call: the sub-agent's final message, its prompt and id,
// how many tools it used and how long it took.
func claudeAgentResult(input json.RawMessage, r event.ToolResult, calls int) any {
	var in claudeAgentInput
	a, id, ok := agentOf(r)
	if !ok || json.Unmarshal(input, &in) != nil {
		return nil
	}
	return map[string]any{
		"status": "completed", "prompt": in.Prompt, "agentId": claudeAgentID(id), "agentType": in.SubagentType,
		"content":           []map[string]string{{"type": "text", "text": a.Summary}},
		"totalToolUseCount": calls, "totalDurationMs": r.Duration.Milliseconds(), "totalTokens": 0,
		"usage": map[string]any{"input_tokens": 0, "output_tokens": 0, "cache_creation_input_tokens": nil,
			"cache_read_input_tokens": nil, "server_tool_use": nil, "service_tier": nil, "cache_creation": nil},
	}
}

// ClaudeSidechains writes the transcript of each sub-agent the session's
// agent.run calls ran whose events meta.Agents holds, in the order of the
// calls: the lines of Claude, each marked isSidechain with the agentId the
// Agent call's result names, in the main session's id.
func ClaudeSidechains(events []event.Event, meta Meta) ([]Sidechain, error) {
	meta = fillMeta(meta, events)
	session := SessionUUID(meta.ID)
	var out []Sidechain
	for _, ev := range events {
		if ev.Type != event.EvToolCompleted {
			continue
		}
		var p event.ToolCompletedPayload
		if err := event.DecodePayload(ev, &p); err != nil || p.Result.Tool != toolAgentRun {
			continue
		}
		_, id, ok := agentOf(p.Result)
		sub := meta.Agents[id]
		if !ok || len(sub) == 0 {
			continue
		}
		agentID := claudeAgentID(id)
		var buf bytes.Buffer
		if err := writeClaude(sub, meta, session, agentID, &buf); err != nil {
			return nil, fmt.Errorf("export claude: sub-agent %s: %w", id, err)
		}
		out = append(out, Sidechain{AgentID: agentID, Data: buf.Bytes()})
	}
	return out, nil
}

// agentToolUses counts the tool calls of a sub-agent's events.
func agentToolUses(events []event.Event) int {
	n := 0
	for _, ev := range events {
		if ev.Type == event.EvToolProposed {
			n++
		}
	}
	return n
}
