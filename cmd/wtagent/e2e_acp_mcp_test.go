//go:build linux

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/wtagent/wtagent/internal/mcptest"
	"github.com/wtagent/wtagent/model"
)

// TestACPClientMCPServers: initialize offers stdio and HTTP MCP servers,
// not SSE; session/new joins the editor's servers to the session: a stdio
// server whose name is not a config name ("Editor Tools" → Editor_Tools)
// and an HTTP server that wants its header. The model calls their tools as
// mcp.NAME.TOOL, and the answers come from those servers (a variable only
// the stdio server's environment holds, the HTTP server's echo); their
// calls ask the editor as the user's own servers' do, and a denied write
// does not run. A server that does not start is a warning and the session
// goes on; an SSE server is an invalid-params error and the agent keeps
// serving. A second agent that loads the thread with the stdio server
// offers it again.
func TestACPClientMCPServers(t *testing.T) {
	e := newEnv(t)
	note := filepath.Join(e.root, "note.txt")
	batch := callXML("mcp.Editor_Tools.getenv", el("name", "ACP_EDITOR_MARK")) +
		callXML("mcp.web.echo", el("text", "echoed over http")) +
		callXML("mcp.Editor_Tools.write_note", el("path", note), el("text", "x"))
	script := e.script(
		model.ScriptLine{Expect: "mcp.Editor_Tools.getenv", Reply: agentReply(false, "Asking the editor's servers.", batch)},
		model.ScriptLine{Expect: "mark-4c1d", Reply: agentReply(true, "Both servers answered.", "")},
		model.ScriptLine{Expect: "Ask again after the load.", Reply: agentReply(false, "Asking again.", callXML("mcp.Editor_Tools.getenv", el("name", "ACP_EDITOR_MARK")))},
		model.ScriptLine{Expect: "mark-4c1d", Reply: agentReply(true, "The loaded thread has the server.", "")},
	)
	answer := func(_ int, req sdk.RequestPermissionRequest) sdk.RequestPermissionOutcome {
		if strings.Contains(*req.ToolCall.Title, "write_note") {
			return pick(sdk.PermissionOptionKindRejectOnce, req)
		}
		return pick(sdk.PermissionOptionKindAllowOnce, req)
	}
	c := startACP(e, answer, "--provider", "script", "--script", script)
	init, err := c.conn.Initialize(c.ctx(), sdk.InitializeRequest{ProtocolVersion: sdk.ProtocolVersionNumber})
	if err != nil {
		t.Fatal(err)
	}
	if mc := init.AgentCapabilities.McpCapabilities; !mc.Http || mc.Sse || mc.Acp {
		t.Fatalf("mcpCapabilities = %+v, want http only (stdio is every agent's)", mc)
	}

	sse := sdk.McpServer{Sse: &sdk.McpServerSseInline{Name: "old", Type: "sse", Url: "http://127.0.0.1:1/sse", Headers: []sdk.HttpHeader{}}}
	if _, err := c.conn.NewSession(c.ctx(), sdk.NewSessionRequest{Cwd: e.root, McpServers: []sdk.McpServer{sse}}); err == nil ||
		!strings.Contains(err.Error(), `mcpServers[0]: server \"old\": the sse transport is not supported`) {
		t.Fatalf("session/new with an SSE server: %v", err)
	}

	stdio := mcptest.Command(t)
	env := []sdk.EnvVariable{{Name: "ACP_EDITOR_MARK", Value: "mark-4c1d"}}
	for k, v := range stdio.Env {
		env = append(env, sdk.EnvVariable{Name: k, Value: v})
	}
	failing := mcptest.FailingCommand(t)
	var failEnv []sdk.EnvVariable
	for k, v := range failing.Env {
		failEnv = append(failEnv, sdk.EnvVariable{Name: k, Value: v})
	}
	servers := []sdk.McpServer{
		{Stdio: &sdk.McpServerStdio{Name: "Editor Tools", Command: stdio.Command, Args: stdio.Args, Env: env}},
		{Http: &sdk.McpServerHttpInline{Name: "web", Type: "http", Url: mcptest.ServeHTTPWithHeader(t, "Authorization", "Bearer ed-7"),
			Headers: []sdk.HttpHeader{{Name: "Authorization", Value: "Bearer ed-7"}}}},
		{Stdio: &sdk.McpServerStdio{Name: "broken", Command: failing.Command, Args: failing.Args, Env: failEnv}},
	}
	s, err := c.conn.NewSession(c.ctx(), sdk.NewSessionRequest{Cwd: e.root, McpServers: servers})
	if err != nil {
		t.Fatalf("session/new: %v\n%s", err, c.stderr.String())
	}
	if stop := c.prompt(s.SessionId, sdk.TextBlock("Use the editor's MCP servers.")); stop != sdk.StopReasonEndTurn {
		t.Fatalf("stop reason %s; updates:\n%s", stop, c.transcript())
	}
	inOrder(t, c.transcript(),
		"agent: ! the MCP server broken did not start, the run goes on without it: ",
		"agent: Asking the editor's servers.",
		`"mcp.Editor_Tools.getenv"`, `"mcp.web.echo"`, `"mcp.Editor_Tools.write_note `,
		"status=completed content=[\"text ```\\nmark-4c1d\\n```\"]",
		"status=completed content=[\"text ```\\nechoed over http\\n```\"]",
		"status=failed content=[\"text the user denied this call (calls the tool write_note of the MCP server Editor_Tools",
		"agent: Both servers answered.")
	if !strings.Contains(c.transcript(), mcptest.FailLine) {
		t.Errorf("the warning does not quote the failed server's stderr:\n%s", c.transcript())
	}
	msgs := resultTexts(t, e.events(string(s.SessionId)))
	if got, want := heads(msgs[0].Text), "1 mcp.Editor_Tools.getenv ok, 2 mcp.web.echo ok, 3 mcp.Editor_Tools.write_note denied"; got != want {
		t.Fatalf("results %q, want %q\n%s", got, want, msgs[0].Text)
	}
	if !strings.Contains(msgs[0].Text, "mark-4c1d") || !strings.Contains(msgs[0].Text, "echoed over http") {
		t.Fatalf("the tools' answers are not the servers':\n%s", msgs[0].Text)
	}
	if _, err := os.Stat(note); !os.IsNotExist(err) {
		t.Fatalf("the denied write ran: %v", err)
	}
	c.mu.Lock()
	asked := len(c.asked)
	c.mu.Unlock()
	if asked != 3 {
		t.Errorf("%d permission requests, want 3 (one per call of servers the user did not trust)", asked)
	}

	// Another agent loads the thread with the editor's servers: they are
	// the session's again.
	c.close()
	l := startACP(e, answer, "--provider", "script", "--script", script)
	l.initialize()
	if _, err := l.conn.LoadSession(l.ctx(), sdk.LoadSessionRequest{SessionId: s.SessionId, Cwd: e.root, McpServers: servers[:1]}); err != nil {
		t.Fatalf("session/load: %v\n%s", err, l.stderr.String())
	}
	if stop := l.prompt(s.SessionId, sdk.TextBlock("Ask again after the load.")); stop != sdk.StopReasonEndTurn {
		t.Fatalf("stop reason after the load %s; updates:\n%s", stop, l.transcript())
	}
	inOrder(t, l.transcript(), "agent: Asking again.", `"mcp.Editor_Tools.getenv"`,
		"status=completed content=[\"text ```\\nmark-4c1d\\n```\"]", "agent: The loaded thread has the server.")
}
