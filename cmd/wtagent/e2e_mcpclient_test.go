//go:build linux

package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
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

// writeProjectMCP writes the project's .mcp.json (Claude Code's format)
// with the server "proj" (internal/mcptest); extra changes its bytes.
func writeProjectMCP(t *testing.T, e *env, extra string) {
	t.Helper()
	srv := mcptest.Command(t)
	entry := map[string]any{"command": srv.Command, "args": srv.Args, "env": srv.Env}
	b, err := json.Marshal(map[string]any{"mcpServers": map[string]any{"proj": entry}, "comment": extra})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(e.root, ".mcp.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestProjectMCPJSONNeedsTheUsersYes: a project's .mcp.json is offered
// on a terminal and its servers start only after "y"; the yes holds for
// that project and those bytes (a run without a terminal then uses it);
// once the file changes, a run without a terminal does not start them
// and says why.
func TestProjectMCPJSONNeedsTheUsersYes(t *testing.T) {
	e := newEnv(t)
	writeProjectMCP(t, e, "v1")
	offered := e.script(model.ScriptLine{Expect: "mcp.proj.echo", Reply: agentReply(true, "The tool is there.", "")})
	tm := e.startPTY("--provider", "script", "--script", offered, "look at the tools")
	tm.waitFor("start them for this project", 0)
	if !strings.Contains(tm.screen(), "offers MCP servers: proj (") {
		t.Fatalf("the question does not name the server; screen:\n%s", tm.screen())
	}
	tm.send("y")
	if code := tm.exit(); code != 0 {
		t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
	}
	if code, out, errOut := e.run("--provider", "script", "--script", offered, "--approvals", "deny", "again"); code != 0 {
		t.Fatalf("the approved file is not used without a terminal: exit %d\n%s\n%s", code, out, errOut)
	}
	writeProjectMCP(t, e, "v2")
	changed := e.script(model.ScriptLine{Expect: "fs.read", Reply: agentReply(true, "No project servers.", "")})
	code, out, errOut := e.run("--provider", "script", "--script", changed, "--approvals", "deny", "once more")
	if code != 0 || !strings.Contains(out+errOut, "offers the MCP servers proj, not used") {
		t.Fatalf("exit %d; the changed file's servers were used or not explained:\n%s\n%s", code, out, errOut)
	}
	checked := false
	for _, sum := range e.sessions() {
		if sum.Task != "once more" {
			continue
		}
		checked = true
		for _, ev := range e.events(sum.ID) {
			if ev.Type == event.EvModelMessageSending && strings.Contains(string(ev.Payload), "mcp.proj") {
				t.Fatal("the changed file's tools reached the model")
			}
		}
	}
	if !checked {
		t.Fatal("no session of the third run")
	}
}

// TestKill9MidMCPCallResumes: wtagent is killed (SIGKILL) while an MCP
// call runs, and its servers die with it; `wtagent status` showed the
// server while it ran. On resume a trusted read-only call runs again; a
// call that is not read-only is reported as of unknown outcome and never
// called again.
func TestKill9MidMCPCallResumes(t *testing.T) {
	t.Run("read-only", func(t *testing.T) {
		e := mcpEnv(t, nil, "mcp.t.wait_file")
		gate := filepath.Join(e.root, "gate.txt")
		s := e.script(
			model.ScriptLine{Reply: agentReply(false, "Wait for the gate.", callXML("mcp.t.wait_file", el("path", gate)))},
			model.ScriptLine{Expect: "gate-open-31", Reply: agentReply(true, "The gate opened.", "")},
		)
		id := killDuring(t, e, s, 1)
		if err := os.WriteFile(gate, []byte("gate-open-31"), 0o644); err != nil {
			t.Fatal(err)
		}
		evs := resumeMCP(t, e, id)
		if n := startedOf(evs, "mcp.t.wait_file"); n != 2 {
			t.Fatalf("the read-only call started %d times, want twice (again on resume)", n)
		}
	})
	t.Run("not read-only", func(t *testing.T) {
		e := mcpEnv(t, nil, "mcp.t.wait_file", "mcp.t.hang")
		gate := filepath.Join(e.root, "gate.txt")
		os.WriteFile(gate, []byte("open"), 0o644)
		batch := callXML("mcp.t.wait_file", el("path", gate)) + callXML("mcp.t.hang")
		s := e.script(
			model.ScriptLine{Reply: agentReply(false, "Read, then hang.", batch)},
			model.ScriptLine{Expect: `name="mcp.t.hang" status="unknown"`, Reply: agentReply(true, "The hang's outcome is unknown.", "")},
		)
		id := killDuring(t, e, s, 2)
		evs := resumeMCP(t, e, id)
		if a, b := startedOf(evs, "mcp.t.wait_file"), startedOf(evs, "mcp.t.hang"); a != 1 || b != 1 {
			t.Fatalf("started: wait_file %d, hang %d; want each once", a, b)
		}
	})
}

// killDuring starts a run of script, waits until started calls have
// started, checks that `wtagent status` shows the MCP server, kills
// wtagent with SIGKILL and waits until its processes are gone.
func killDuring(t *testing.T, e *env, script string, started int) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cmd := e.command(ctx, "--provider", "script", "--script", script, "--approvals", "deny", "ask the mcp server")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	id := e.waitFor("the MCP calls running", func(evs []event.Event) bool { return count(evs, event.EvToolStarted) == started })
	if code, out, _ := e.run("status", id); code != 0 || !regexp.MustCompile(`mcp\s+t running`).MatchString(out) {
		t.Errorf("status during the call: exit %d:\n%s", code, out)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	waitGone(t, e.root)
	return id
}

// resumeMCP resumes the session and returns its events.
func resumeMCP(t *testing.T, e *env, id string) []event.Event {
	t.Helper()
	if code, out, errOut := e.run("resume", id, "--approvals", "deny"); code != 0 {
		t.Fatalf("resume: exit %d\n%s\n%s", code, out, errOut)
	}
	return e.events(id)
}

// startedOf counts the tool.started events of the named tool.
func startedOf(evs []event.Event, tool string) int {
	n := 0
	for _, ev := range evs {
		var p struct {
			Call struct {
				Name string `json:"name"`
			} `json:"call"`
		}
		if ev.Type == event.EvToolStarted && json.Unmarshal(ev.Payload, &p) == nil && p.Call.Name == tool {
			n++
		}
	}
	return n
}
