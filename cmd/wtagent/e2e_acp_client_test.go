//go:build linux

package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"

	sdk "github.com/coder/acp-go-sdk"
)

// acpClient is an editor: `wtagent acp` driven through the SDK's client
// side. It records every update and answers permission requests with
// answer.
type acpClient struct {
	t      *testing.T
	conn   *sdk.ClientSideConnection
	stderr *syncBuffer
	// close ends the agent: its stdin closed, it exits.
	close func()

	mu      sync.Mutex
	updates []sdk.SessionNotification
	asked   []sdk.RequestPermissionRequest
	// seen is closed and replaced on every update (see waitUpdate).
	seen chan struct{}
	// answer answers the n-th (from 0) permission request.
	answer func(n int, req sdk.RequestPermissionRequest) sdk.RequestPermissionOutcome
}

// startACP starts `wtagent acp` with args in e's project and connects a
// client; the agent is stopped (stdin closed) at the end of the test.
func startACP(e *env, answer func(int, sdk.RequestPermissionRequest) sdk.RequestPermissionOutcome, args ...string) *acpClient {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
	cmd := e.command(ctx, append([]string{"acp"}, args...)...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		e.t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		e.t.Fatal(err)
	}
	c := &acpClient{t: e.t, stderr: &syncBuffer{}, seen: make(chan struct{}), answer: answer}
	cmd.Stderr = c.stderr
	if err := cmd.Start(); err != nil {
		e.t.Fatal(err)
	}
	c.conn = sdk.NewClientSideConnection(c, stdin, stdout)
	var once sync.Once
	c.close = func() {
		once.Do(func() {
			stdin.Close()
			if err := cmd.Wait(); err != nil {
				e.t.Errorf("wtagent acp: %v; stderr:\n%s", err, c.stderr.String())
			}
			cancel()
		})
	}
	e.t.Cleanup(c.close)
	return c
}

// ctx bounds one call.
func (c *acpClient) ctx() context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
	c.t.Cleanup(cancel)
	return ctx
}

// initialize initializes the connection.
func (c *acpClient) initialize() {
	c.t.Helper()
	init, err := c.conn.Initialize(c.ctx(), sdk.InitializeRequest{ProtocolVersion: sdk.ProtocolVersionNumber})
	if err != nil {
		c.t.Fatalf("initialize: %v\n%s", err, c.stderr.String())
	}
	if !init.AgentCapabilities.LoadSession || !init.AgentCapabilities.PromptCapabilities.EmbeddedContext {
		c.t.Fatalf("capabilities = %+v, want loadSession and embedded context", init.AgentCapabilities)
	}
}

// session initializes the connection and opens a session in root.
func (c *acpClient) session(root string) sdk.SessionId {
	c.t.Helper()
	c.initialize()
	s, err := c.conn.NewSession(c.ctx(), sdk.NewSessionRequest{Cwd: root, McpServers: []sdk.McpServer{}})
	if err != nil {
		c.t.Fatalf("session/new: %v\n%s", err, c.stderr.String())
	}
	return s.SessionId
}

// prompt sends text and returns the stop reason.
func (c *acpClient) prompt(id sdk.SessionId, blocks ...sdk.ContentBlock) sdk.StopReason {
	c.t.Helper()
	resp, err := c.conn.Prompt(c.ctx(), sdk.PromptRequest{SessionId: id, Prompt: blocks})
	if err != nil {
		c.t.Fatalf("session/prompt: %v\nstderr:\n%s", err, c.stderr.String())
	}
	return resp.StopReason
}

// SessionUpdate implements sdk.Client.
func (c *acpClient) SessionUpdate(_ context.Context, n sdk.SessionNotification) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.updates = append(c.updates, n)
	close(c.seen)
	c.seen = make(chan struct{})
	return nil
}

// RequestPermission implements sdk.Client.
func (c *acpClient) RequestPermission(_ context.Context, p sdk.RequestPermissionRequest) (sdk.RequestPermissionResponse, error) {
	c.mu.Lock()
	n := len(c.asked)
	c.asked = append(c.asked, p)
	c.mu.Unlock()
	return sdk.RequestPermissionResponse{Outcome: c.answer(n, p)}, nil
}

// waitUpdate waits for an update that ok accepts.
func (c *acpClient) waitUpdate(what string, ok func(sdk.SessionUpdate) bool) {
	c.t.Helper()
	ctx := c.ctx()
	for {
		c.mu.Lock()
		for _, n := range c.updates {
			if ok(n.Update) {
				c.mu.Unlock()
				return
			}
		}
		seen := c.seen
		c.mu.Unlock()
		select {
		case <-seen:
		case <-ctx.Done():
			c.t.Fatalf("no update %s; got:\n%s\nstderr:\n%s", what, c.transcript(), c.stderr.String())
		}
	}
}

// transcript is the updates so far, one line each.
func (c *acpClient) transcript() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var b strings.Builder
	for _, n := range c.updates {
		b.WriteString(updateLine(n.Update) + "\n")
	}
	return b.String()
}

// updateLine is an update in a line: its kind and what it says.
func updateLine(u sdk.SessionUpdate) string {
	switch {
	case u.UserMessageChunk != nil:
		return "user: " + blockText(u.UserMessageChunk.Content)
	case u.AgentMessageChunk != nil:
		return "agent: " + blockText(u.AgentMessageChunk.Content)
	case u.ToolCall != nil:
		return fmt.Sprintf("tool_call %s %q kind=%s status=%s locations=%v", u.ToolCall.ToolCallId, u.ToolCall.Title, u.ToolCall.Kind, u.ToolCall.Status, u.ToolCall.Locations)
	case u.ToolCallUpdate != nil:
		st := ""
		if u.ToolCallUpdate.Status != nil {
			st = string(*u.ToolCallUpdate.Status)
		}
		var content []string
		for _, c := range u.ToolCallUpdate.Content {
			switch {
			case c.Diff != nil:
				old := "<new file>"
				if c.Diff.OldText != nil {
					old = *c.Diff.OldText
				}
				content = append(content, fmt.Sprintf("diff %s %q -> %q", c.Diff.Path, old, c.Diff.NewText))
			case c.Content != nil:
				content = append(content, "text "+blockText(c.Content.Content))
			}
		}
		return fmt.Sprintf("tool_call_update %s status=%s content=%q", u.ToolCallUpdate.ToolCallId, st, content)
	}
	return "other"
}

func blockText(b sdk.ContentBlock) string {
	if b.Text != nil {
		return b.Text.Text
	}
	return "<non-text>"
}

// ReadTextFile implements sdk.Client: wtagent reads the disk itself.
func (c *acpClient) ReadTextFile(context.Context, sdk.ReadTextFileRequest) (sdk.ReadTextFileResponse, error) {
	return sdk.ReadTextFileResponse{}, io.ErrUnexpectedEOF
}

// WriteTextFile implements sdk.Client: wtagent writes the disk itself.
func (c *acpClient) WriteTextFile(context.Context, sdk.WriteTextFileRequest) (sdk.WriteTextFileResponse, error) {
	return sdk.WriteTextFileResponse{}, io.ErrUnexpectedEOF
}

// CreateTerminal implements sdk.Client: no terminals are offered.
func (c *acpClient) CreateTerminal(context.Context, sdk.CreateTerminalRequest) (sdk.CreateTerminalResponse, error) {
	return sdk.CreateTerminalResponse{}, io.ErrUnexpectedEOF
}

// KillTerminal implements sdk.Client.
func (c *acpClient) KillTerminal(context.Context, sdk.KillTerminalRequest) (sdk.KillTerminalResponse, error) {
	return sdk.KillTerminalResponse{}, io.ErrUnexpectedEOF
}

// TerminalOutput implements sdk.Client.
func (c *acpClient) TerminalOutput(context.Context, sdk.TerminalOutputRequest) (sdk.TerminalOutputResponse, error) {
	return sdk.TerminalOutputResponse{}, io.ErrUnexpectedEOF
}

// ReleaseTerminal implements sdk.Client.
func (c *acpClient) ReleaseTerminal(context.Context, sdk.ReleaseTerminalRequest) (sdk.ReleaseTerminalResponse, error) {
	return sdk.ReleaseTerminalResponse{}, io.ErrUnexpectedEOF
}

// WaitForTerminalExit implements sdk.Client.
func (c *acpClient) WaitForTerminalExit(context.Context, sdk.WaitForTerminalExitRequest) (sdk.WaitForTerminalExitResponse, error) {
	return sdk.WaitForTerminalExitResponse{}, io.ErrUnexpectedEOF
}

// pick answers with the option of the given kind.
func pick(kind sdk.PermissionOptionKind, req sdk.RequestPermissionRequest) sdk.RequestPermissionOutcome {
	for _, o := range req.Options {
		if o.Kind == kind {
			return sdk.NewRequestPermissionOutcomeSelected(o.OptionId)
		}
	}
	return sdk.NewRequestPermissionOutcomeCancelled()
}
