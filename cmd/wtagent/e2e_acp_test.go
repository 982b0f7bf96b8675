//go:build linux

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/session/event"
)

// TestACPWholeTask: an editor drives a whole task through `wtagent acp`
// with the scripted model: the model's text as agent message chunks, a
// write as a tool call whose content is the diff, a command with its
// output, an edit's diff with the file's old text, a permission request
// denied then allowed once, the done summary and end_turn. (That stdout
// holds nothing else is TestACPBadInput's: the SDK skips such lines.)
func TestACPWholeTask(t *testing.T) {
	e := newEnv(t)
	approvalProject(t, e.root)
	root, err := filepath.EvalSymlinks(e.root)
	if err != nil {
		t.Fatal(err)
	}
	script := e.script(
		model.ScriptLine{Expect: "Contents of README.md", Reply: agentReply(false, "Writing the greeting.",
			callXML("fs.write", el("path", "hello.txt"), el("content", "hi from acp\n")))},
		model.ScriptLine{Reply: agentReply(false, "Reading it back.", execCallXML("cat", "hello.txt"))},
		model.ScriptLine{Reply: agentReply(false, "Rewriting the readme.", callXML("fs.write", el("path", "README.md"), el("content", "new readme\n")))},
		model.ScriptLine{Reply: agentReply(false, "Removing the database.", execCallXML("rm", "app.db"))},
		model.ScriptLine{Expect: "denied", Reply: agentReply(false, "Asking again.", execCallXML("rm", "app.db"))},
		model.ScriptLine{Reply: agentReply(true, "Greeting written, database removed.", "")},
	)
	c := startACP(e, func(n int, req sdk.RequestPermissionRequest) sdk.RequestPermissionOutcome {
		if n == 0 {
			return pick(sdk.PermissionOptionKindRejectOnce, req)
		}
		return pick(sdk.PermissionOptionKindAllowOnce, req)
	}, "--provider", "script", "--script", script)
	id := c.session(e.root)
	stop := c.prompt(id, sdk.TextBlock("Write a greeting, then remove the database."),
		sdk.ResourceBlock(sdk.EmbeddedResourceResource{TextResourceContents: &sdk.TextResourceContents{
			Uri: "file://" + filepath.Join(root, "README.md"), Text: "readme-text-51\n"}}))
	if stop != sdk.StopReasonEndTurn {
		t.Fatalf("stop reason = %s, want end_turn; updates:\n%s", stop, c.transcript())
	}
	got := c.transcript()
	hello := filepath.Join(root, "hello.txt")
	inOrder(t, got,
		"agent: Writing the greeting.",
		`tool_call `, `"fs.write hello.txt" kind=edit status=pending locations=[{`,
		`status=in_progress`,
		`status=completed content=["diff `+hello+` \"<new file>\" -> \"hi from acp\\n\""`,
		"agent: Reading it back.", `"terminal.exec cat hello.txt" kind=execute`,
		"status=completed content=[\"text ```\\nhi from acp\\n```\"]",
		"agent: Rewriting the readme.", `status=completed content=["diff `+filepath.Join(root, "README.md")+` \"readme-text-51\\n\" -> \"new readme\\n\""`,
		"agent: Removing the database.", `"terminal.exec rm app.db"`, "status=failed",
		"agent: Asking again.", `"terminal.exec rm app.db"`, "status=completed",
		"agent: Greeting written, database removed.",
		"agent: \nDone. Changed: ",
	)
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.asked) != 2 {
		t.Fatalf("%d permission requests, want 2", len(c.asked))
	}
	for _, req := range c.asked {
		var kinds []string
		for _, o := range req.Options {
			kinds = append(kinds, string(o.Kind))
		}
		if !strings.HasPrefix(strings.Join(kinds, " "), "allow_once") || !strings.HasSuffix(strings.Join(kinds, " "), "reject_once") ||
			*req.ToolCall.Title != "terminal.exec rm app.db" || !strings.Contains(got, "tool_call "+string(req.ToolCall.ToolCallId)+` "terminal.exec rm app.db"`) {
			t.Errorf("permission request %q offers %v, want allow once … deny", *req.ToolCall.Title, kinds)
		}
	}
	if _, err := os.Stat(filepath.Join(e.root, "app.db")); !os.IsNotExist(err) {
		t.Errorf("app.db after the allowed rm: %v", err)
	}
	if b, err := os.ReadFile(hello); err != nil || string(b) != "hi from acp\n" {
		t.Errorf("hello.txt = %q, %v", b, err)
	}
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

// TestACPCancelAndLoad: session/cancel pauses the run after the current
// step (a command the test holds on a FIFO) with stop reason cancelled; a
// permission request the editor cancels is a deny and pauses the run; a
// second `wtagent acp` loads the session, replays its history as updates,
// and a new prompt continues it (asking again about the unanswered call).
func TestACPCancelAndLoad(t *testing.T) {
	e := newEnv(t)
	approvalProject(t, e.root)
	gate := filepath.Join(e.root, "gate.fifo")
	if err := syscall.Mkfifo(gate, 0o600); err != nil {
		t.Fatal(err)
	}
	script := e.script(
		model.ScriptLine{Reply: agentReply(false, "Waiting on the gate.", execCallXML("cat", "gate.fifo"))},
		model.ScriptLine{Reply: agentReply(false, "Removing the database.", execCallXML("rm", "app.db"))},
		model.ScriptLine{Reply: agentReply(true, "Finished after the load.", "")},
	)
	var c *acpClient
	var id sdk.SessionId
	c = startACP(e, func(_ int, req sdk.RequestPermissionRequest) sdk.RequestPermissionOutcome {
		// The editor's stop button: session/cancel, then the pending
		// request is answered cancelled.
		if err := c.conn.Cancel(c.ctx(), sdk.CancelNotification{SessionId: id}); err != nil {
			t.Errorf("session/cancel: %v", err)
		}
		return sdk.NewRequestPermissionOutcomeCancelled()
	}, "--provider", "script", "--script", script)
	id = c.session(e.root)

	stopped := make(chan sdk.StopReason, 1)
	go func() {
		resp, err := c.conn.Prompt(c.ctx(), sdk.PromptRequest{SessionId: id, Prompt: []sdk.ContentBlock{sdk.TextBlock("Wait on the gate.")}})
		if err != nil {
			t.Errorf("session/prompt: %v", err)
		}
		stopped <- resp.StopReason
	}()
	c.waitUpdate("cat running", func(u sdk.SessionUpdate) bool {
		return u.ToolCallUpdate != nil && u.ToolCallUpdate.Status != nil && *u.ToolCallUpdate.Status == sdk.ToolCallStatusInProgress
	})
	if err := c.conn.Cancel(c.ctx(), sdk.CancelNotification{SessionId: id}); err != nil {
		t.Fatal(err)
	}
	c.waitUpdate("saying it pauses", func(u sdk.SessionUpdate) bool {
		return u.AgentMessageChunk != nil && strings.Contains(blockText(u.AgentMessageChunk.Content), "Pausing after the current step")
	})
	// The step ends only now: the pause was asked for first.
	w, err := os.OpenFile(gate, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.WriteString("gate opened\n"); err != nil {
		t.Fatal(err)
	}
	w.Close()
	if stop := <-stopped; stop != sdk.StopReasonCancelled {
		t.Fatalf("stop reason after session/cancel = %s, want cancelled; updates:\n%s", stop, c.transcript())
	}
	inOrder(t, c.transcript(), "agent: Waiting on the gate.", `"terminal.exec cat gate.fifo"`,
		"Pausing after the current step", "status=completed content=[\"text ```\\ngate opened\\n```\"]", "Run interrupted: paused by the editor")

	if stop := c.prompt(id, sdk.TextBlock("Remove the database.")); stop != sdk.StopReasonCancelled {
		t.Fatalf("stop reason after a cancelled permission request = %s, want cancelled; updates:\n%s", stop, c.transcript())
	}
	if _, err := os.Stat(filepath.Join(e.root, "app.db")); err != nil {
		t.Errorf("app.db after the cancelled permission request: %v", err)
	}
	inOrder(t, c.transcript(), "agent: Removing the database.", `"terminal.exec rm app.db"`, "status=failed", "Run interrupted: ")
	c.close()

	// The resumed run asks again about the call left unanswered: denied.
	l := startACP(e, func(_ int, req sdk.RequestPermissionRequest) sdk.RequestPermissionOutcome {
		return pick(sdk.PermissionOptionKindRejectOnce, req)
	}, "--provider", "script", "--script", script)
	l.initialize()
	if _, err := l.conn.LoadSession(l.ctx(), sdk.LoadSessionRequest{SessionId: id, Cwd: e.root, McpServers: []sdk.McpServer{}}); err != nil {
		t.Fatalf("session/load: %v\n%s", err, l.stderr.String())
	}
	// The SDK hands over every notification sent before the answer first.
	inOrder(t, l.transcript(),
		"user: Wait on the gate.", "agent: Waiting on the gate.", `"terminal.exec cat gate.fifo" kind=execute`,
		"status=completed content=[\"text ```\\ngate opened\\n```\"]", "Run interrupted: paused by the editor",
		"user: Remove the database.", "agent: Removing the database.", `"terminal.exec rm app.db"`, "status=failed")
	if stop := l.prompt(id, sdk.TextBlock("Finish.")); stop != sdk.StopReasonEndTurn {
		t.Fatalf("stop reason after the load = %s, want end_turn; updates:\n%s", stop, l.transcript())
	}
	inOrder(t, l.transcript(), `"terminal.exec rm app.db"`, "status=failed", "agent: Finished after the load.", "Done.")
	if _, err := os.Stat(filepath.Join(e.root, "app.db")); err != nil {
		t.Errorf("app.db after the denied rm: %v", err)
	}
}

// TestACPSessionModes: the session's modes are ChatGPT's effort tiers and
// the page's own; session/set_mode asks for a tier before the next
// message (the client is told the current mode, the run records it) and
// an unknown mode is an error that lists them.
func TestACPSessionModes(t *testing.T) {
	e := newEnv(t)
	script := e.script(model.ScriptLine{Reply: agentReply(true, "Done at the new effort.", "")})
	c := startACP(e, func(int, sdk.RequestPermissionRequest) sdk.RequestPermissionOutcome {
		return sdk.NewRequestPermissionOutcomeCancelled()
	}, "--provider", "script", "--script", script)
	c.initialize()
	s, err := c.conn.NewSession(c.ctx(), sdk.NewSessionRequest{Cwd: e.root, McpServers: []sdk.McpServer{}})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, m := range s.Modes.AvailableModes {
		ids = append(ids, string(m.Id))
	}
	if s.Modes.CurrentModeId != "page" || strings.Join(ids, " ") != "page light standard extended extra-high pro" {
		t.Fatalf("modes %v, current %s", ids, s.Modes.CurrentModeId)
	}
	if _, err := c.conn.SetSessionMode(c.ctx(), sdk.SetSessionModeRequest{SessionId: s.SessionId, ModeId: "turbo"}); err == nil ||
		!strings.Contains(err.Error(), `unknown mode \"turbo\"; want page or one of light, standard`) {
		t.Fatalf("set_mode turbo: %v", err)
	}
	if _, err := c.conn.SetSessionMode(c.ctx(), sdk.SetSessionModeRequest{SessionId: s.SessionId, ModeId: "extended"}); err != nil {
		t.Fatal(err)
	}
	c.waitUpdate("current mode extended", func(u sdk.SessionUpdate) bool {
		return u.CurrentModeUpdate != nil && u.CurrentModeUpdate.CurrentModeId == "extended"
	})
	if stop := c.prompt(s.SessionId, sdk.TextBlock("Say done.")); stop != sdk.StopReasonEndTurn {
		t.Fatalf("stop reason %s", stop)
	}
	started := false
	for _, ev := range e.events(string(s.SessionId)) {
		var p event.RunStartedPayload
		if ev.Type == event.EvRunStarted && event.DecodePayload(ev, &p) == nil {
			started = p.Effort == "extended"
		}
	}
	if !started {
		t.Errorf("the run did not start at effort extended: %v", e.events(string(s.SessionId)))
	}
}

// TestACPThreadsInOneProject: an editor opens a second thread in the same
// project while the first is idle (Zed keeps one agent for its threads):
// the idle session makes way, and a prompt to it later reopens it.
func TestACPThreadsInOneProject(t *testing.T) {
	e := newEnv(t)
	script := e.script(
		model.ScriptLine{Reply: agentReply(true, "A thread's first reply.", "")},
		model.ScriptLine{Reply: agentReply(true, "A thread's second reply.", "")},
	)
	c := startACP(e, func(int, sdk.RequestPermissionRequest) sdk.RequestPermissionOutcome {
		return sdk.NewRequestPermissionOutcomeCancelled()
	}, "--provider", "script", "--script", script)
	first := c.session(e.root)
	if stop := c.prompt(first, sdk.TextBlock("One.")); stop != sdk.StopReasonEndTurn {
		t.Fatalf("first thread: %s", stop)
	}
	second, err := c.conn.NewSession(c.ctx(), sdk.NewSessionRequest{Cwd: e.root, McpServers: []sdk.McpServer{}})
	if err != nil {
		t.Fatalf("a second thread in the project: %v\n%s", err, c.stderr.String())
	}
	if stop := c.prompt(second.SessionId, sdk.TextBlock("Two.")); stop != sdk.StopReasonEndTurn {
		t.Fatalf("second thread: %s", stop)
	}
	if stop := c.prompt(first, sdk.TextBlock("One again.")); stop != sdk.StopReasonEndTurn {
		t.Fatalf("first thread again: %s\n%s", stop, c.transcript())
	}
	// Each prompt's run ended with its done summary, in its own session.
	var done []sdk.SessionId
	c.mu.Lock()
	for _, n := range c.updates {
		if n.Update.AgentMessageChunk != nil && strings.Contains(blockText(n.Update.AgentMessageChunk.Content), "Done.") {
			done = append(done, n.SessionId)
		}
	}
	c.mu.Unlock()
	if len(done) != 3 || done[0] != first || done[1] != second.SessionId || done[2] != first {
		t.Errorf("done summaries in sessions %v, want %s, %s, %s", done, first, second.SessionId, first)
	}
	if n := len(e.sessions()); n != 2 {
		t.Errorf("%d sessions, want 2", n)
	}
}

// TestACPMaxTurns: a run that uses its model turns (--max-turns) stops
// with max_turn_requests, the limit said as agent text.
func TestACPMaxTurns(t *testing.T) {
	e := newEnv(t)
	if err := os.WriteFile(filepath.Join(e.root, "a.txt"), []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	script := e.script(
		model.ScriptLine{Reply: agentReply(false, "Reading once.", readXML("a.txt"))},
		model.ScriptLine{Reply: agentReply(false, "Reading twice.", readXML("a.txt"))},
	)
	c := startACP(e, func(int, sdk.RequestPermissionRequest) sdk.RequestPermissionOutcome {
		return sdk.NewRequestPermissionOutcomeCancelled()
	}, "--provider", "script", "--script", script, "--max-turns", "1")
	if stop := c.prompt(c.session(e.root), sdk.TextBlock("Read a.txt forever.")); stop != sdk.StopReasonMaxTurnRequests {
		t.Fatalf("stop reason %s, want max_turn_requests; updates:\n%s", stop, c.transcript())
	}
	inOrder(t, c.transcript(), "agent: Reading once.", "limit max-turns reached: the run used its 1 model turns")
}
