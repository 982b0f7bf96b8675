//go:build compat

package compat

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"
)

// mcpReply is the mock page's answer to the clients' chatgpt calls.
const mcpReply = "From ChatGPT via MCP: `a & b` <b>exact</b>\n\n1. one\n2. two"

// mcpToolName is the name a model request offers the chatgpt tool of the
// server named chatgpt under, and its namespace if the tool is in one
// (Codex's Responses requests group an MCP server's tools so); "" when it
// offers none. Each client names it its own way.
func mcpToolName(body map[string]any) (name, namespace string) {
	tools, _ := body["tools"].([]any)
	for _, tl := range tools {
		m, _ := tl.(map[string]any)
		if str(m["type"]) == "namespace" && strings.Contains(str(m["name"]), "chatgpt") {
			inner, _ := m["tools"].([]any)
			for _, it := range inner {
				if im, _ := it.(map[string]any); str(im["name"]) == "chatgpt" {
					return "chatgpt", str(m["name"])
				}
			}
		}
		if n := str(m["name"]); strings.Contains(n, "chatgpt") {
			return n, ""
		}
	}
	return "", ""
}

// hasItem reports whether a request's raw body contains an item of type typ
// (a tool result already sent back).
func hasItem(body map[string]any, typ string) bool {
	b, _ := json.Marshal(body)
	return strings.Contains(string(b), `"type":"`+typ+`"`)
}

// messagesCallingChatGPT answers a Messages API request (Claude Code) that
// offers the chatgpt tool, and has no tool result yet, with a call of it
// (prompt "hi"); every other request gets the usual text.
func messagesCallingChatGPT(w http.ResponseWriter, body map[string]any) {
	name, _ := mcpToolName(body)
	if name == "" || hasItem(body, "tool_result") {
		messagesAnswer(w, body)
		return
	}
	model, _ := body["model"].(string)
	msg := map[string]any{"id": "msg_compat_tool", "type": "message", "role": "assistant", "model": model,
		"content": []any{}, "stop_reason": nil, "stop_sequence": nil,
		"usage": map[string]any{"input_tokens": 10, "output_tokens": 1}}
	use := map[string]any{"type": "tool_use", "id": "toolu_compat", "name": name, "input": map[string]any{"prompt": "hi"}}
	if stream, _ := body["stream"].(bool); !stream {
		msg["content"], msg["stop_reason"] = []any{use}, "tool_use"
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(msg)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	sse(w, "message_start", map[string]any{"message": msg})
	sse(w, "content_block_start", map[string]any{"index": 0, "content_block": map[string]any{
		"type": "tool_use", "id": "toolu_compat", "name": name, "input": map[string]any{}}})
	sse(w, "content_block_delta", map[string]any{"index": 0, "delta": map[string]any{"type": "input_json_delta", "partial_json": `{"prompt":"hi"}`}})
	sse(w, "content_block_stop", map[string]any{"index": 0})
	sse(w, "message_delta", map[string]any{"delta": map[string]any{"stop_reason": "tool_use", "stop_sequence": nil},
		"usage": map[string]any{"output_tokens": 5}})
	sse(w, "message_stop", map[string]any{})
}

// responsesCallingChatGPT answers a Responses API request (Codex) that
// offers the chatgpt tool, and has no call output yet, with a call of it;
// every other request gets the usual text.
func responsesCallingChatGPT(w http.ResponseWriter, body map[string]any) {
	name, namespace := mcpToolName(body)
	if name == "" || hasItem(body, "function_call_output") {
		responsesAnswer(w, body)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	sse(w, "response.created", map[string]any{"response": map[string]any{"id": "resp_compat_tool"}})
	call := map[string]any{"type": "function_call", "id": "fc_compat", "call_id": "call_compat", "name": name, "arguments": `{"prompt":"hi"}`}
	if namespace != "" {
		call["namespace"] = namespace
	}
	sse(w, "response.output_item.done", map[string]any{"item": call})
	sse(w, "response.completed", map[string]any{"response": map[string]any{"id": "resp_compat_tool",
		"usage": map[string]any{"input_tokens": 10, "output_tokens": 5, "total_tokens": 15}}})
}

// toolResultReply finds the first tool result (an item of type typ, its
// value under key) in the recorded requests and returns the reply it
// carries: the text itself, the text of its blocks, or the "reply" of the
// structured content a client sent instead (Claude Code sends that).
func toolResultReply(api *standIn, typ, key string) (string, bool) {
	for _, r := range api.Requests() {
		var found any
		var walk func(v any)
		walk = func(v any) {
			switch v := v.(type) {
			case map[string]any:
				if str(v["type"]) == typ && found == nil {
					found = v[key]
				}
				for _, x := range v {
					walk(x)
				}
			case []any:
				for _, x := range v {
					walk(x)
				}
			}
		}
		var body any
		if json.Unmarshal(r, &body) != nil {
			continue
		}
		walk(body)
		if found != nil {
			return replyOf(found), true
		}
	}
	return "", false
}

// replyOf is the reply a tool result carries (see toolResultReply);
// Codex puts its own header before the tool's output ("Wall time: …
// Output:").
func replyOf(v any) string {
	switch v := v.(type) {
	case string:
		if _, after, ok := strings.Cut(v, "\nOutput:\n"); ok && strings.HasPrefix(v, "Wall time:") {
			v = after
		}
		var sc struct {
			Reply *string `json:"reply"`
		}
		if json.Unmarshal([]byte(v), &sc) == nil && sc.Reply != nil {
			return *sc.Reply
		}
		return v
	case []any:
		var b strings.Builder
		for _, x := range v {
			m, _ := x.(map[string]any)
			b.WriteString(replyOf(str(m["text"])))
		}
		return b.String()
	}
	return fmt.Sprint(v)
}

// TestClaudeCodeCallsMCPServe: `claude mcp add` (as the README says) adds
// `wtagent mcp serve` on the mock page; `claude mcp list` connects to it,
// and `claude -p`, its model (the stand-in) calling the chatgpt tool,
// gets the page's reply as the tool's result.
func TestClaudeCodeCallsMCPServe(t *testing.T) {
	e, srv, url := newMCPEnv(t, mcpReply)
	claude := e.tool("claude")
	api, err := newStandIn(messagesCallingChatGPT)
	if err != nil {
		t.Fatal(err)
	}
	defer api.Close()
	extra := []string{"CLAUDE_CONFIG_DIR=" + e.home + "/claude config", "ANTHROPIC_BASE_URL=" + api.URL(), "ANTHROPIC_API_KEY=dummy",
		"MCP_TOOL_TIMEOUT=300000"}
	e.run(e.root, extra, claude, "mcp", "add", "chatgpt", "--scope", "user", "-e", "WTAGENT_HOME="+e.wtHome,
		"--", e.bin, "mcp", "serve", "--chatgpt-url", url, "--headless")
	if out, _ := e.run(e.root, extra, claude, "mcp", "list"); !strings.Contains(out, "chatgpt") || !strings.Contains(out, "Connected") {
		t.Fatalf("claude mcp list: %s", out)
	}
	out, _ := e.run(e.root, extra, claude, "-p", "ask chatgpt", "--allowedTools", "mcp__chatgpt__chatgpt")
	got, ok := toolResultReply(api, "tool_result", "content")
	if !ok {
		t.Fatalf("claude sent no tool result; it printed %q", out)
	}
	if got != mcpReply {
		t.Fatalf("claude sent its model the reply %q, want %q exactly", got, mcpReply)
	}
	if rec := srv.Received(); len(rec) != 1 || rec[0].Text != "hi" {
		t.Fatalf("the page received %+v", rec)
	}
	t.Logf("claude called wtagent mcp serve's chatgpt tool and sent its model the page's reply")
}

// TestCodexCallsMCPServe: Codex with `wtagent mcp serve` in its
// config.toml (as the README says) calls the chatgpt tool when its model
// (the stand-in) asks, and sends the page's reply back as the call's
// output.
func TestCodexCallsMCPServe(t *testing.T) {
	e, srv, url := newMCPEnv(t, mcpReply)
	codex := e.tool("codex")
	api, err := newStandIn(responsesCallingChatGPT)
	if err != nil {
		t.Fatal(err)
	}
	defer api.Close()
	codexHome := e.home + "/codex home"
	writeCodexConfig(t, codexHome, api.URL())
	appendFile(t, codexHome+"/config.toml", mcpCodexConfig(e.bin, url, e.wtHome))
	extra := []string{"CODEX_HOME=" + codexHome, "COMPAT_API_KEY=dummy"}
	out, errOut := e.run(e.root, extra, codex, "exec", "--skip-git-repo-check", "--dangerously-bypass-approvals-and-sandbox", "ask chatgpt")
	got, ok := toolResultReply(api, "function_call_output", "output")
	if !ok {
		t.Fatalf("codex sent no call output; it printed %q\n%s\nrequests: %d", out, errOut, len(api.Requests()))
	}
	if got != mcpReply {
		t.Fatalf("codex sent its model the reply %q, want %q exactly", got, mcpReply)
	}
	if rec := srv.Received(); len(rec) != 1 || rec[0].Text != "hi" {
		t.Fatalf("the page received %+v", rec)
	}
	t.Logf("codex called wtagent mcp serve's chatgpt tool and sent its model the page's reply")
}

// mcpCodexConfig is the README's config.toml table for the server, on the
// mock page.
func mcpCodexConfig(bin, url, wtHome string) string {
	args, _ := json.Marshal([]string{"mcp", "serve", "--chatgpt-url", url, "--headless"})
	return "\n[mcp_servers.chatgpt]\ncommand = " + quoteTOML(bin) + "\nargs = " + string(args) +
		"\ntool_timeout_sec = 300\nenv = { WTAGENT_HOME = " + quoteTOML(wtHome) + " }\n"
}

// quoteTOML quotes s as a TOML basic string (JSON's quoting is one).
func quoteTOML(s string) string { b, _ := json.Marshal(s); return string(b) }

// appendFile appends text to the file at path.
func appendFile(t *testing.T, path, text string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
}
