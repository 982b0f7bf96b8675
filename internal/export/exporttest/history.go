package exporttest

import (
	"bytes"
	"encoding/json"
	"regexp"
	"testing"
)

// UUIDPattern is a canonical lowercase UUID of version 1–8 and the RFC
// 4122 variant.
var UUIDPattern = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

// HistoryStats counts what an export gives the model as history.
type HistoryStats struct {
	Lines, Messages, Calls, Outputs int
}

// JSONLines decodes every line of an export.
func JSONLines(t *testing.T, data []byte) []map[string]any {
	t.Helper()
	var out []map[string]any
	for i, line := range bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")) {
		var v map[string]any
		if err := json.Unmarshal(line, &v); err != nil {
			t.Fatalf("line %d: %v: %s", i+1, err, line)
		}
		out = append(out, v)
	}
	return out
}

// badModel reports the model names an export must never carry.
func badModel(m string) bool { return m == "" || m == "chatgpt" || m == "script" }

// CodexHistory checks the properties of a rollout that the real Codex
// relies on (see compat/ for the check against Codex itself): session_meta
// first, with a listed source and no foreign provider; a real model slug in
// every turn_context; every output answering an earlier call of the same
// kind; a user_message event for every user message.
func CodexHistory(t *testing.T, data []byte) HistoryStats {
	t.Helper()
	var st HistoryStats
	open := map[string]string{}
	users, userEvents := 0, 0
	for i, l := range JSONLines(t, data) {
		st.Lines++
		p, _ := l["payload"].(map[string]any)
		if (i == 0) != (l["type"] == "session_meta") {
			t.Fatalf("line %d: session_meta must be the first line and only there: %v", i+1, l)
		}
		switch l["type"] {
		case "session_meta":
			if p["source"] != "cli" || p["model_provider"] != nil || !UUIDPattern.MatchString(p["id"].(string)) {
				t.Fatalf("session_meta %v", p)
			}
		case "turn_context":
			if m, _ := p["model"].(string); badModel(m) {
				t.Fatalf("line %d: turn_context model %q", i+1, m)
			}
		case "event_msg":
			if p["type"] == "user_message" {
				userEvents++
			}
		case "response_item":
			switch p["type"] {
			case "message":
				st.Messages++
				if p["role"] == "user" {
					users++
				}
			case "function_call", "custom_tool_call":
				st.Calls++
				open[p["call_id"].(string)] = p["type"].(string) + "_output"
			case "function_call_output", "custom_tool_call_output":
				id, _ := p["call_id"].(string)
				if open[id] != p["type"] {
					t.Fatalf("line %d: %s for %q, which is not an open call of that kind", i+1, p["type"], id)
				}
				delete(open, id)
				st.Outputs++
			default:
				t.Fatalf("line %d: response_item %v", i+1, p["type"])
			}
		default:
			t.Fatalf("line %d: line type %v", i+1, l["type"])
		}
	}
	if len(open) > 0 || users != userEvents {
		t.Fatalf("open calls %v; %d user messages, %d user_message events", open, users, userEvents)
	}
	return st
}

// ClaudeHistory checks the properties of a transcript that the real
// Claude Code relies on (see compat/ for the check against Claude Code
// itself): one chain of lines by parentUuid; one content block per line;
// gitBranch and entrypoint on every line; each tool_result answering an
// earlier tool_use and carrying toolUseResult; real model names.
func ClaudeHistory(t *testing.T, data []byte) HistoryStats {
	t.Helper()
	var st HistoryStats
	var parent any
	open := map[string]bool{}
	for i, l := range JSONLines(t, data) {
		st.Lines++
		st.Messages++
		if l["parentUuid"] != parent || !UUIDPattern.MatchString(l["uuid"].(string)) {
			t.Fatalf("line %d: parentUuid %v, want %v", i+1, l["parentUuid"], parent)
		}
		parent = l["uuid"]
		if _, ok := l["gitBranch"].(string); !ok || l["entrypoint"] != "cli" {
			t.Fatalf("line %d: gitBranch or entrypoint missing: %v", i+1, l)
		}
		msg, _ := l["message"].(map[string]any)
		if l["type"] == "assistant" {
			if m, _ := msg["model"].(string); badModel(m) {
				t.Fatalf("line %d: model %q", i+1, m)
			}
		}
		blocks, isList := msg["content"].([]any)
		if !isList {
			continue
		}
		if len(blocks) != 1 {
			t.Fatalf("line %d: %d content blocks, Claude Code writes one per line", i+1, len(blocks))
		}
		b := blocks[0].(map[string]any)
		switch b["type"] {
		case "tool_use":
			st.Calls++
			open[b["id"].(string)] = true
		case "tool_result":
			id, _ := b["tool_use_id"].(string)
			if !open[id] || l["toolUseResult"] == nil {
				t.Fatalf("line %d: tool_result for %q without an open tool_use or toolUseResult", i+1, id)
			}
			delete(open, id)
			st.Outputs++
		}
	}
	if len(open) > 0 {
		t.Fatalf("open tool uses %v", open)
	}
	return st
}
