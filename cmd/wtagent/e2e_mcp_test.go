//go:build linux

package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/wtagent/wtagent/model"
)

// mcpServer is `wtagent mcp serve` on the mock page, and a Go SDK client
// of it over the binary's stdio.
type mcpServer struct {
	t        *testing.T
	cs       *mcp.ClientSession
	cmd      *mcpCmd
	progress chan *mcp.ProgressNotificationParams
	// close closes the client session (the server's stdin), once; the
	// test's end does it too.
	close func()
}

// mcpCmd is the server process and its stderr.
type mcpCmd struct {
	pid    func() int
	stderr *syncBuffer
}

// startMCPServer starts `wtagent mcp serve` on the mock page at url, with
// extra flags, and connects a client.
func startMCPServer(t *testing.T, e *env, url string, extra ...string) *mcpServer {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	cmd := e.command(ctx, append([]string{"mcp", "serve", "--chatgpt-url", url, "--headless"}, extra...)...)
	stderr := &syncBuffer{}
	cmd.Stderr = stderr
	s := &mcpServer{t: t, progress: make(chan *mcp.ProgressNotificationParams, 256),
		cmd: &mcpCmd{pid: func() int { return cmd.Process.Pid }, stderr: stderr}}
	c := mcp.NewClient(&mcp.Implementation{Name: "e2e", Version: "1"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, r *mcp.ProgressNotificationClientRequest) {
			select {
			case s.progress <- r.Params:
			default:
			}
		},
	})
	cs, err := c.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		cancel()
		t.Fatalf("connect to wtagent mcp serve: %v\n%s", err, stderr)
	}
	s.cs = cs
	var once sync.Once
	s.close = func() {
		once.Do(func() {
			if err := cs.Close(); err != nil {
				t.Errorf("close the server (stdin): %v\nstderr:\n%s", err, stderr)
			}
			cancel()
		})
	}
	t.Cleanup(s.close)
	return s
}

// call calls the chatgpt tool; token, when set, asks for progress.
func (s *mcpServer) call(ctx context.Context, args map[string]any, token any) (*mcp.CallToolResult, error) {
	p := &mcp.CallToolParams{Name: "chatgpt", Arguments: args}
	if token != nil {
		p.SetProgressToken(token)
	}
	return s.cs.CallTool(ctx, p)
}

// reply calls the tool and returns the reply text and conversation URL.
func (s *mcpServer) reply(args map[string]any) (string, string) {
	s.t.Helper()
	return s.replyToken(args, nil)
}

// replyToken is reply with a progress token.
func (s *mcpServer) replyToken(args map[string]any, token any) (string, string) {
	s.t.Helper()
	res, err := s.call(context.Background(), args, token)
	if err != nil {
		s.t.Fatalf("call %v: %v\nstderr:\n%s", args, err, s.cmd.stderr)
	}
	text := mcpText(res)
	if res.IsError {
		s.t.Fatalf("call %v: tool error: %s\nstderr:\n%s", args, text, s.cmd.stderr)
	}
	var out struct {
		Reply string `json:"reply"`
		URL   string `json:"conversation_url"`
	}
	b, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(b, &out); err != nil || out.Reply != text {
		s.t.Fatalf("structured content %s (%v) does not carry the text %q", b, err, text)
	}
	return text, out.URL
}

func mcpText(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// waitProgress waits for a notification whose message contains want.
func (s *mcpServer) waitProgress(want string) {
	s.t.Helper()
	for p := range s.progress {
		if strings.Contains(p.Message, want) {
			return
		}
	}
}

// mcpReplies are the mock page's replies to the MCP tests' messages.
func mcpReplies(n int) []model.ScriptLine {
	lines := make([]model.ScriptLine, n)
	for i := range lines {
		lines[i] = model.ScriptLine{Reply: "Reply " + string(rune('A'+i)) + ": `x := 1 & 2` <b>exact</b>\n\n- one\n- two"}
	}
	return lines
}

func replyText(i int) string { return mcpReplies(i + 1)[i].Reply }

// TestMCPServeChatGPT: a Go SDK client of `wtagent mcp serve` (real
// binary, real headless Chromium, the mock page) lists the chatgpt tool
// and calls it: progress notifications tell how much of the reply the
// model has written, the reply text is exact, the URL names the
// conversation the page holds; a second call given that URL continues the conversation, a
// file is attached.
func TestMCPServeChatGPT(t *testing.T) {
	needChromium(t)
	e := newEnv(t)
	srv, url := mockPage(t, mcpReplies(3), 0)
	s := startMCPServer(t, e, url)
	tools, err := s.cs.ListTools(context.Background(), nil)
	if err != nil || len(tools.Tools) != 1 || tools.Tools[0].Name != "chatgpt" {
		t.Fatalf("tools/list: %v %+v", err, tools)
	}
	// The first reply stops halfway until the client has been told how
	// much of it the model has written.
	release := srv.HoldStream(1)
	go func() {
		s.waitProgress("ChatGPT is writing: ")
		release()
	}()
	got, conv := s.replyToken(map[string]any{"prompt": "hi"}, "tok-1")
	if got != replyText(0) {
		t.Fatalf("reply %q, want %q exactly", got, replyText(0))
	}
	rec := srv.Received()
	if len(rec) != 1 || rec[0].Text != "hi" || !strings.HasSuffix(conv, "/c/"+rec[0].ConversationID) {
		t.Fatalf("conversation_url %q; the page received %+v", conv, rec)
	}
	if err := os.WriteFile(filepath.Join(e.root, "notes.txt"), []byte("some notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, conv2 := s.reply(map[string]any{"prompt": "and these notes?", "conversation": conv, "files": []string{"notes.txt"}})
	if got != replyText(1) || conv2 != conv {
		t.Fatalf("continued: %q at %q, want %q at %q", got, conv2, replyText(1), conv)
	}
	rec = srv.Received()
	if len(rec) != 2 || rec[1].ConversationID != rec[0].ConversationID || len(rec[1].Attachments) != 1 {
		t.Fatalf("the second message did not continue the conversation with the file: %+v", rec)
	}
	id := rec[0].ConversationID
	if got, _ := s.reply(map[string]any{"prompt": "by id", "conversation": id}); got != replyText(2) {
		t.Fatalf("continued by id: %q", got)
	}
	if rec = srv.Received(); rec[2].ConversationID != id {
		t.Fatalf("a call given the id went to %s, not %s", rec[2].ConversationID, id)
	}
	res, err := s.call(context.Background(), map[string]any{"prompt": "x", "files": []string{"missing.txt"}}, nil)
	if err != nil || !res.IsError || !strings.Contains(mcpText(res), "missing.txt does not exist") {
		t.Fatalf("a missing file: %v %+v", err, res)
	}
}

// TestMCPServeQueueCancelAndCrash: two concurrent calls are served one
// after the other; a cancelled call ends its wait and the server goes on;
// Chrome killed (SIGKILL) between calls, the next call still works.
func TestMCPServeQueueCancelAndCrash(t *testing.T) {
	needChromium(t)
	e := newEnv(t)
	srv, url := mockPage(t, mcpReplies(6), 0)
	s := startMCPServer(t, e, url)
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()

	release := srv.HoldReplies()
	first := make(chan string, 1)
	go func() { first <- s.callText(ctx, "first") }()
	if _, err := srv.WaitReceived(ctx, 1); err != nil {
		t.Fatal(err)
	}
	second := make(chan string, 1)
	go func() { second <- s.callTextToken(ctx, "second", "tok-q") }()
	s.waitProgress("queued: 1 call(s) ahead")
	if n := len(srv.Received()); n != 1 {
		t.Fatalf("the page received %d messages while the first call waits, want 1", n)
	}
	release()
	if got, want := <-first, replyText(0); got != want {
		t.Fatalf("first: %q, want %q", got, want)
	}
	if got, want := <-second, replyText(1); got != want {
		t.Fatalf("second: %q, want %q", got, want)
	}
	if rec := srv.Received(); len(rec) != 2 || rec[0].Text != "first" || rec[1].Text != "second" {
		t.Fatalf("received %+v", rec)
	}

	release = srv.HoldReplies()
	cctx, ccancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { _, err := s.call(cctx, map[string]any{"prompt": "cancel me"}, nil); done <- err }()
	if _, err := srv.WaitReceived(ctx, 3); err != nil {
		t.Fatal(err)
	}
	ccancel()
	if err := <-done; err == nil {
		t.Fatal("a cancelled call returned no error")
	}
	release()
	if got := s.callText(ctx, "after the cancel"); got != replyText(3) {
		t.Fatalf("after a cancel: %q", got)
	}

	if n := killChrome(t, s.cmd.pid()); n == 0 {
		t.Fatal("no Chrome under the server to kill")
	}
	if got := s.callText(ctx, "after the kill"); got != replyText(4) {
		t.Fatalf("after Chrome was killed: %q\nstderr:\n%s", got, s.cmd.stderr)
	}
	if !strings.Contains(s.cmd.stderr.String(), "the next call gets a fresh transport") {
		t.Fatalf("the chatgpt actor did not restart with a fresh transport; stderr:\n%s", s.cmd.stderr)
	}
}

// callText calls the tool with prompt and returns the reply text (or the
// error's text).
func (s *mcpServer) callText(ctx context.Context, prompt string) string {
	return s.callTextToken(ctx, prompt, nil)
}

func (s *mcpServer) callTextToken(ctx context.Context, prompt string, token any) string {
	res, err := s.call(ctx, map[string]any{"prompt": prompt}, token)
	if err != nil {
		return "error: " + err.Error()
	}
	if res.IsError {
		return "tool error: " + mcpText(res)
	}
	return mcpText(res)
}

// TestMCPServeUsageErrors: `wtagent mcp serve` refuses an unknown effort
// tier, and a mode naming another tier than the effort, before it serves
// (exit 2, saying why, nothing on stdout: the client's stream).
func TestMCPServeUsageErrors(t *testing.T) {
	e := newEnv(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"mcp", "serve", "--effort", "enormous"}, "unknown effort tier"},
		{[]string{"mcp", "serve", "--mode", "pro", "--effort", "light"}, "the mode pro names the effort tier"},
	} {
		code, out, errOut := e.run(tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 and %q", tc.args, code, out, errOut, tc.want)
		}
	}
}

// TestMCPServeProgressReadsPlainly: the progress a client of `wtagent mcp
// serve` shows says each step once ("sending turn 1 …", not "ChatGPT:
// sending sending turn 1 …"), and the command's help example gives the
// tool the long timeout a reply needs, as the README does (issue 42, item
// 16).
func TestMCPServeProgressReadsPlainly(t *testing.T) {
	e := newEnv(t)
	code, help, errOut := e.run("mcp", "serve", "--help")
	if code != 0 || !strings.Contains(help, "tool_timeout_sec = 3600") || !strings.Contains(help, "MCP_TOOL_TIMEOUT=3600000") {
		t.Errorf("mcp serve --help: exit %d, no tool timeout in its example:\n%s%s", code, help, errOut)
	}
	needChromium(t)
	srv, url := mockPage(t, mcpReplies(1), 0)
	s := startMCPServer(t, e, url)
	// The reply waits until the client has been told of the send.
	release := srv.HoldReplies()
	done := make(chan string, 1)
	go func() { done <- s.callTextToken(context.Background(), "hi", "tok-plain") }()
	var seen []string
	for p := range s.progress {
		seen = append(seen, p.Message)
		if strings.Contains(p.Message, "sending turn") {
			break
		}
	}
	release()
	if got := <-done; got != replyText(0) {
		t.Fatalf("reply %q, want %q", got, replyText(0))
	}
	for _, m := range seen {
		f := strings.Fields(m)
		for i := 1; i < len(f); i++ {
			if strings.EqualFold(f[i], f[i-1]) {
				t.Errorf("progress %q says %q twice (all: %q)", m, f[i], seen)
			}
		}
	}
}
