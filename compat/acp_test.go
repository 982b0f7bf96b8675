//go:build compat

package compat

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/internal/mcptest"
	"github.com/wtagent/wtagent/model"
)

// acpSDKVersion is the pinned ACP TypeScript SDK (make compat installs it).
const acpSDKVersion = "2.4.0"

// acpLine is one line acp-client.mjs prints.
type acpLine struct {
	Kind       string         `json:"kind"`
	Update     map[string]any `json:"update"`
	Title      string         `json:"title"`
	Options    []string       `json:"options"`
	Answer     string         `json:"answer"`
	StopReason string         `json:"stopReason"`
	SessionID  string         `json:"sessionId"`
	// ProtocolVersion and Capabilities are initialize's answer.
	ProtocolVersion int            `json:"protocolVersion"`
	Capabilities    map[string]any `json:"capabilities"`
}

// TestACPClientDrivesAgent: a client built on the ACP TypeScript SDK
// drives `wtagent acp` on the mock page (real headless Chromium) through a
// whole task: the model's text, a write whose tool call carries the diff,
// a command's output, a permission request denied then allowed once, the
// done summary, end_turn; a permission request cancelled with
// session/cancel pauses the run (cancelled); the editor's stdio MCP
// server, given at session/new, is offered to the model (initialize says
// HTTP servers are taken too); a second agent loads the session and
// replays its history.
func TestACPClientDrivesAgent(t *testing.T) {
	e, srv, url := newPageEnv(t, []model.ScriptLine{
		{Reply: replyXML(false, "Writing the greeting.", callXML("fs.write", elXML("path", "hello.txt"), elXML("content", "hi from the TypeScript SDK\n")))},
		{Reply: replyXML(false, "Reading it back.", callXML("terminal.exec", elXML("program", "cat"), "<argv><item>hello.txt</item></argv>"))},
		{Reply: replyXML(false, "Removing the database.", callXML("terminal.exec", elXML("program", "rm"), "<argv><item>app.db</item></argv>"))},
		{Reply: replyXML(false, "Asking again.", callXML("terminal.exec", elXML("program", "rm"), "<argv><item>app.db</item></argv>"))},
		{Reply: replyXML(true, "Greeting written, database removed.", "")},
		{Reply: replyXML(false, "Removing the data file.", callXML("terminal.exec", elXML("program", "rm"), "<argv><item>data.db</item></argv>"))},
	})
	for _, f := range []string{"app.db", "data.db"} {
		if err := os.WriteFile(filepath.Join(e.root, f), []byte("SQLite format 3\x00"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	node, client := acpClient(t, e)
	flags := []string{"--chatgpt-url", url, "--headless"}
	mcpSrv := mcptest.Command(t)
	mcpEnv := []map[string]string{}
	for k, v := range mcpSrv.Env {
		mcpEnv = append(mcpEnv, map[string]string{"name": k, "value": v})
	}
	servers, err := json.Marshal([]map[string]any{{"name": "editor", "command": mcpSrv.Command, "args": mcpSrv.Args, "env": mcpEnv}})
	if err != nil {
		t.Fatal(err)
	}
	out, _ := e.run(e.root, []string{"WTAGENT_ACP_MCP_SERVERS=" + string(servers)}, node, append([]string{client, "run", e.bin, e.root}, flags...)...)
	lines := acpLines(t, out)
	got := acpTranscript(lines)
	for _, want := range [][]string{
		{"init 1 loadSession mcp-http", "session "},
		{"agent Writing the greeting.", "tool_call fs.write hello.txt edit pending", "tool_call_update completed diff " + filepath.Join(e.root, "hello.txt")},
		{"agent Reading it back.", "tool_call terminal.exec cat hello.txt execute", "tool_call_update completed text ```\nhi from the TypeScript SDK\n```"},
		{"ask terminal.exec rm app.db allow_once,allow_always,reject_once reject_once", "tool_call_update failed", "agent Asking again.",
			"ask terminal.exec rm app.db allow_once,allow_always,reject_once allow_once", "agent Greeting written, database removed.", "Done. Changed: hello.txt", "stop end_turn"},
		{"agent Removing the data file.", "ask terminal.exec rm data.db", "cancel", "Pausing after the current step", "stop cancelled"},
	} {
		inOrder(t, got, want...)
	}
	if _, err := os.Stat(filepath.Join(e.root, "app.db")); !os.IsNotExist(err) {
		t.Errorf("app.db after the allowed rm: %v", err)
	}
	if _, err := os.Stat(filepath.Join(e.root, "data.db")); err != nil {
		t.Errorf("data.db after the cancelled permission request: %v", err)
	}
	if got := srv.Received(); len(got) == 0 || !strings.Contains(got[0].Text, "mcp.editor.echo") {
		t.Errorf("the first message does not offer the editor's MCP server's tools: %+v", got)
	}
	id := ""
	for _, l := range lines {
		if l.Kind == "session" {
			id = l.SessionID
		}
	}
	sent := len(srv.Received())

	out, _ = e.run(e.root, nil, node, append([]string{client, "load", e.bin, e.root, id}, flags...)...)
	inOrder(t, acpTranscript(acpLines(t, out)),
		"user Write a greeting, then remove the database.", "agent Writing the greeting.", "tool_call fs.write hello.txt edit",
		"agent Greeting written, database removed.", "user Now remove the data file.", "agent Removing the data file.", "loaded")
	if n := len(srv.Received()); n != sent {
		t.Errorf("the load sent %d messages to the page", n-sent)
	}
	t.Logf("@agentclientprotocol/sdk %s drove wtagent acp through %d messages:\n%s", acpSDKVersion, len(lines), got)
}

// acpClient is node and acp-client.mjs, set beside the installed SDK.
func acpClient(t *testing.T, e *env) (string, string) {
	t.Helper()
	sdk := filepath.Join(e.prefix, "node_modules", "@agentclientprotocol", "sdk", "package.json")
	b, err := os.ReadFile(sdk)
	if err != nil || !strings.Contains(string(b), `"version": "`+acpSDKVersion+`"`) {
		t.Fatalf("@agentclientprotocol/sdk %s is not installed in %s (run make compat): %v", acpSDKVersion, e.prefix, err)
	}
	src, err := os.ReadFile(filepath.Join("testdata", "acp-client.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	// The script imports the SDK from a node_modules beside it.
	dir := t.TempDir()
	if err := os.Symlink(filepath.Join(e.prefix, "node_modules"), filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(dir, "acp-client.mjs")
	if err := os.WriteFile(script, src, 0o644); err != nil {
		t.Fatal(err)
	}
	return "node", script
}

func acpLines(t *testing.T, out string) []acpLine {
	t.Helper()
	var lines []acpLine
	for _, s := range strings.Split(strings.TrimSpace(out), "\n") {
		var l acpLine
		if err := json.Unmarshal([]byte(s), &l); err != nil {
			t.Fatalf("acp-client printed %q: %v", s, err)
		}
		lines = append(lines, l)
	}
	return lines
}

// acpTranscript is the lines one per line: kind and what it says.
func acpTranscript(lines []acpLine) string {
	var b strings.Builder
	for _, l := range lines {
		switch l.Kind {
		case "update":
			b.WriteString(updateText(l.Update))
		case "ask":
			b.WriteString("ask " + l.Title + " " + strings.Join(l.Options, ",") + " " + l.Answer)
		case "stop":
			b.WriteString("stop " + l.StopReason)
		case "session":
			b.WriteString("session " + l.SessionID)
		case "init":
			fmt.Fprintf(&b, "init %d", l.ProtocolVersion)
			if l.Capabilities["loadSession"] == true {
				b.WriteString(" loadSession")
			}
			if mcp, _ := l.Capabilities["mcpCapabilities"].(map[string]any); mcp["http"] == true {
				b.WriteString(" mcp-http")
			}
		default:
			b.WriteString(l.Kind)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// updateText is a session update as the transcript shows it.
func updateText(u map[string]any) string {
	text := func(c any) string {
		m, _ := c.(map[string]any)
		return str(m["text"])
	}
	switch str(u["sessionUpdate"]) {
	case "user_message_chunk":
		return "user " + text(u["content"])
	case "agent_message_chunk":
		return "agent " + text(u["content"])
	case "tool_call":
		return "tool_call " + str(u["title"]) + " " + str(u["kind"]) + " " + str(u["status"])
	case "tool_call_update":
		var parts []string
		contents, _ := u["content"].([]any)
		for _, c := range contents {
			m, _ := c.(map[string]any)
			switch str(m["type"]) {
			case "diff":
				parts = append(parts, "diff "+str(m["path"]))
			case "content":
				parts = append(parts, "text "+text(m["content"]))
			}
		}
		return "tool_call_update " + str(u["status"]) + " " + strings.Join(parts, " ")
	}
	return str(u["sessionUpdate"])
}

// inOrder checks that text holds each of wants, one after the other.
func inOrder(t *testing.T, text string, wants ...string) {
	t.Helper()
	rest := text
	for _, w := range wants {
		i := strings.Index(rest, w)
		if i < 0 {
			t.Fatalf("missing %q (in order) in:\n%s", w, text)
		}
		rest = rest[i+len(w):]
	}
}
