//go:build linux

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/internal/config"
	"github.com/wtagent/wtagent/internal/mcptest"
	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/session/event"
)

// mcpEnv is an env whose config has the MCP server "t" (the test binary,
// internal/mcptest) with trusted annotations, and rules allowing some of
// its tools.
func mcpEnv(t *testing.T, serverEnv map[string]string, allowed ...string) *env {
	t.Helper()
	e := newEnv(t)
	srv := mcptest.Command(t)
	srv.TrustAnnotations = true
	for k, v := range serverEnv {
		srv.Env[k] = v
	}
	rules := make([]event.Rule, len(allowed))
	for i, tool := range allowed {
		rules[i] = event.Rule{Tool: tool}
	}
	b, err := json.Marshal(config.File{MCPServers: config.MCPServers{"t": srv}, Rules: rules})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(e.home, "config.json"), b, 0o600); err != nil {
		t.Fatal(err)
	}
	return e
}

// TestMCPToolsInARun: the configured server's tools are in the prompt as
// mcp.t.TOOL; a batch of allowed read-only calls and an unallowed one
// runs the reads (the server never sees wtagent's secrets, and a secret
// it returns is masked by the outbound guard) and denies the other under
// --approvals deny, in one message; a server that crashes during a call
// fails that call clearly and is restarted for the next.
func TestMCPToolsInARun(t *testing.T) {
	const secret = "tok-9f8e7d6c5b4a"
	t.Setenv("WTAGENT_E2E_DEPLOY_TOKEN", secret)
	e := mcpEnv(t, map[string]string{"OWN_SETTING": secret}, "mcp.t.echo", "mcp.t.getenv", "mcp.t.crash")
	note := filepath.Join(e.root, "note.txt")
	batch := callXML("mcp.t.echo", el("text", "hello from mcp")) +
		callXML("mcp.t.getenv", el("name", "WTAGENT_E2E_DEPLOY_TOKEN")) +
		callXML("mcp.t.getenv", el("name", "OWN_SETTING")) +
		callXML("mcp.t.write_note", el("path", note), el("text", "x"))
	s := e.script(
		model.ScriptLine{Expect: `mcp.t.echo`, Reply: agentReply(false, "Ask the server.", batch)},
		model.ScriptLine{Expect: "hello from mcp", Reply: agentReply(false, "Crash it.", callXML("mcp.t.crash"))},
		model.ScriptLine{Expect: "exited", Reply: agentReply(false, "Again.", callXML("mcp.t.echo", el("text", "after the restart")))},
		model.ScriptLine{Expect: "after the restart", Reply: agentReply(true, "The server answered twice.", "")},
	)
	code, out, errOut := e.run("--provider", "script", "--script", s, "--approvals", "deny", "use the mcp server")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	msgs := resultTexts(t, e.events(e.onlySession()))
	if got, want := heads(msgs[0].Text), "1 mcp.t.echo ok, 2 mcp.t.getenv ok, 3 mcp.t.getenv ok, 4 mcp.t.write_note denied"; got != want {
		t.Fatalf("results %q, want %q\n%s", got, want, msgs[0].Text)
	}
	if strings.Contains(msgs[0].Text, secret) || !strings.Contains(msgs[0].Text, "(unset)") ||
		!strings.Contains(msgs[0].Text, "[MASKED:env WTAGENT_E2E_DEPLOY_TOKEN]") {
		t.Fatalf("the server saw wtagent's secret, or its result was not masked:\n%s", msgs[0].Text)
	}
	if _, err := os.Stat(note); !os.IsNotExist(err) {
		t.Fatalf("the denied call ran: %v", err)
	}
	if !strings.Contains(msgs[1].Text, `status="error"`) || !strings.Contains(msgs[1].Text, "mcp.t.crash") {
		t.Fatalf("the crashed call's result:\n%s", msgs[1].Text)
	}
	if !strings.Contains(out, "mcp.t.echo") {
		t.Errorf("the live view does not show the MCP calls:\n%s", out)
	}
}
