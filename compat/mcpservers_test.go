//go:build compat

package compat

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The reference MCP servers' package version (make compat installs it).
const referenceServersVersion = "2026.8.31"

// secretValue is a credential in wtagent's environment that no MCP server
// may see.
const secretValue = "sk-compat-7d1e5c9a3b"

// TestReferenceMCPServersInARun: a scripted run with the reference
// servers from npm (server-everything and server-filesystem) configured:
// allowed calls reach them and their results reach the model; the server
// never sees wtagent's secrets; an unallowed call is denied under
// --approvals deny; a server killed with SIGKILL during the run is
// restarted and serves the next call.
func TestReferenceMCPServersInARun(t *testing.T) {
	prefix := os.Getenv("WTAGENT_COMPAT_PREFIX")
	if prefix == "" {
		t.Fatal("WTAGENT_COMPAT_PREFIX is not set: run make compat")
	}
	e := &env{t: t, prefix: prefix, home: t.TempDir(), wtHome: t.TempDir(), root: t.TempDir()}
	e.bin = buildWtagent(t)
	if err := os.WriteFile(filepath.Join(e.root, "hello.txt"), []byte("reference-servers-42\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	writeMCPConfig(t, e)
	s := referenceScript(t, e)
	out, _ := e.run(e.root, []string{"COMPAT_DEPLOY_TOKEN=" + secretValue}, e.bin,
		"--provider", "script", "--script", s, "--approvals", "deny", "use the reference servers")
	msgs := sentMessages(t, e)
	joined := strings.Join(msgs, "\n")
	if strings.Contains(joined, secretValue) {
		t.Fatal("wtagent's secret reached an MCP server (and the model)")
	}
	for _, want := range []string{"hi from wtagent", "reference-servers-42", `name="mcp.fs.write_file" status="denied"`, "after the kill"} {
		if !strings.Contains(joined, want) {
			t.Errorf("no message to the model holds %q", want)
		}
	}
	if _, err := os.Stat(filepath.Join(e.root, "x.txt")); !os.IsNotExist(err) {
		t.Errorf("the denied write ran: %v", err)
	}
	t.Logf("reference servers %s: calls allowed, denied, restarted after SIGKILL\n%s", referenceServersVersion, out)
}

// writeMCPConfig configures the two servers (the filesystem one on the
// project) and the rules allowing the calls the script makes, except
// write_file; the sandbox is off so that a command can kill a server.
func writeMCPConfig(t *testing.T, e *env) {
	t.Helper()
	cfg := map[string]any{
		"sandbox": "off",
		"mcp-servers": map[string]any{
			"everything": map[string]any{"command": e.tool("mcp-server-everything")},
			"fs":         map[string]any{"command": e.tool("mcp-server-filesystem"), "args": []string{e.root}},
		},
		"rules": []map[string]any{
			{"tool": "mcp.everything.echo"}, {"tool": "mcp.everything.get-env"}, {"tool": "mcp.fs.read_text_file"},
			{"tool": "terminal.exec", "kind": "command", "prefix": []string{"sh", "-c", killEverything}},
		},
	}
	b, err := json.Marshal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(e.wtHome, "config.json"), b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// killEverything kills the server-everything process with SIGKILL,
// finding it in /proc (no procps needed; the pattern does not match the
// command itself), and says so: the next call can only succeed on a
// restarted server.
const killEverything = `for p in /proc/[0-9]*; do tr '\0' ' ' < $p/cmdline 2>/dev/null | grep -q '[m]cp-server-everything' && kill -9 ${p#/proc/} && echo killed-server; done; true`

// referenceScript is the scripted model: one call per reply, each reply
// expecting the previous result.
func referenceScript(t *testing.T, e *env) string {
	t.Helper()
	reply := func(done bool, msg, call string) string {
		return "<agent_response><done>" + map[bool]string{true: "true", false: "false"}[done] +
			"</done><message><![CDATA[" + msg + "]]></message>" + call + "</agent_response>"
	}
	el := func(n, v string) string { return "<" + n + "><![CDATA[" + v + "]]></" + n + ">" }
	call := func(name string, args ...string) string {
		return `<tool_call name="` + name + `"><args>` + strings.Join(args, "") + `</args></tool_call>`
	}
	lines := []struct{ Expect, Reply string }{
		{"mcp.fs.read_text_file", reply(false, "Echo.", call("mcp.everything.echo", el("message", "hi from wtagent")))},
		{"hi from wtagent", reply(false, "Environment.", call("mcp.everything.get-env"))},
		{"PATH", reply(false, "Read.", call("mcp.fs.read_text_file", el("path", filepath.Join(e.root, "hello.txt"))))},
		{"reference-servers-42", reply(false, "Write.", call("mcp.fs.write_file", el("path", filepath.Join(e.root, "x.txt")), el("content", "x")))},
		{`status="denied"`, reply(false, "Kill it.", call("terminal.exec", el("program", "sh"), "<argv><item>-c</item><item><![CDATA["+killEverything+"]]></item></argv>"))},
		{"killed-server", reply(false, "Again.", call("mcp.everything.echo", el("message", "after the kill")))},
		{"after the kill", reply(true, "The servers answered.", "")},
	}
	var b strings.Builder
	for _, l := range lines {
		j, err := json.Marshal(map[string]string{"expect": l.Expect, "reply": l.Reply})
		if err != nil {
			t.Fatal(err)
		}
		b.Write(j)
		b.WriteByte('\n')
	}
	path := filepath.Join(t.TempDir(), "script.jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// sentMessages are the texts of the messages the only session sent to the
// model, from its event log.
func sentMessages(t *testing.T, e *env) []string {
	t.Helper()
	out, _ := e.run(e.root, nil, e.bin, "sessions", "--json")
	var s struct {
		ID string `json:"session_id"`
	}
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatalf("sessions --json: %v: %s", err, out)
	}
	data, err := os.ReadFile(filepath.Join(e.wtHome, "sessions", s.ID, "events.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var ev struct {
			Type    string `json:"type"`
			Payload struct {
				Text string `json:"text"`
			} `json:"payload"`
		}
		if json.Unmarshal([]byte(line), &ev) == nil && ev.Type == "model.message_sending" {
			texts = append(texts, ev.Payload.Text)
		}
	}
	return texts
}
