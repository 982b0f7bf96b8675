package mcpserve

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const fakeBase = "http://127.0.0.1:9"

// harness is a server over pipes with the fake model, and a client of it.
type harness struct {
	t        *testing.T
	m        *fakeModel
	cs       *mcp.ClientSession
	dir      string
	progress chan *mcp.ProgressNotificationParams
}

func startServer(t *testing.T, m *fakeModel) *harness {
	t.Helper()
	h := &harness{t: t, m: m, dir: t.TempDir(), progress: make(chan *mcp.ProgressNotificationParams, 256)}
	srvIn, cliOut := io.Pipe()
	cliIn, srvOut := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() {
		served <- Serve(ctx, Options{In: srvIn, Out: srvOut, NewTransport: m.newTransport, BaseURL: fakeBase, Dir: h.dir,
			CheckMode: func(mode, effort string) (string, error) {
				if effort != "" && effort != "light" && effort != "heavy" {
					return "", errors.New("unknown effort tier " + effort)
				}
				return effort, nil
			}})
	}()
	c := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, r *mcp.ProgressNotificationClientRequest) { h.progress <- r.Params },
	})
	cs, err := c.Connect(ctx, &mcp.IOTransport{Reader: cliIn, Writer: cliOut}, nil)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	h.cs = cs
	t.Cleanup(func() {
		cs.Close()
		if err := <-served; err != nil {
			t.Errorf("Serve: %v", err)
		}
		cancel()
	})
	return h
}

// call calls the chatgpt tool.
func (h *harness) call(ctx context.Context, args map[string]any, token any) (*mcp.CallToolResult, error) {
	p := &mcp.CallToolParams{Name: "chatgpt", Arguments: args}
	if token != nil {
		p.SetProgressToken(token)
	}
	return h.cs.CallTool(ctx, p)
}

// mustReply calls the tool and checks that it answered without error.
func (h *harness) mustReply(args map[string]any) (string, Output) {
	h.t.Helper()
	res, err := h.call(context.Background(), args, nil)
	if err != nil {
		h.t.Fatalf("call %v: %v", args, err)
	}
	if res.IsError {
		h.t.Fatalf("call %v: tool error %s", args, text(res))
	}
	var out Output
	b, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(b, &out); err != nil {
		h.t.Fatalf("structured content %s: %v", b, err)
	}
	return text(res), out
}

func text(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// TestListAndCall: the server lists the chatgpt tool (prompt required) and
// a call returns the reply exactly, as text and as structured content
// with the conversation's URL; a second call given that URL, or its id,
// continues the conversation.
func TestListAndCall(t *testing.T) {
	h := startServer(t, newFakeModel(fakeBase))
	tools, err := h.cs.ListTools(context.Background(), nil)
	if err != nil || len(tools.Tools) != 1 || tools.Tools[0].Name != "chatgpt" {
		t.Fatalf("tools/list: %v %+v", err, tools)
	}
	schema, _ := json.Marshal(tools.Tools[0].InputSchema)
	var in struct {
		Properties map[string]struct {
			Type any `json:"type"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(schema, &in); err != nil || in.Properties["files"].Type != "array" {
		t.Errorf("files is not a plain array (a portable schema): %v %s", err, schema)
	}
	for _, want := range []string{`"required":["prompt"]`, `"files"`, `"mode"`, `"effort"`, `"conversation"`} {
		if !strings.Contains(string(schema), want) {
			t.Errorf("input schema lacks %s: %s", want, schema)
		}
	}
	prompt := "  say <hi> & \"bye\"\n\twith trailing space "
	got, out := h.mustReply(map[string]any{"prompt": prompt})
	if want := "reply to: " + prompt; got != want || out.Reply != want {
		t.Fatalf("reply %q / %q, want %q exactly", got, out.Reply, want)
	}
	url := fakeBase + "/c/conv-0001-0000"
	if out.ConversationURL != url {
		t.Fatalf("conversation_url %q, want %q", out.ConversationURL, url)
	}
	h.mustReply(map[string]any{"prompt": "again", "conversation": url})
	h.mustReply(map[string]any{"prompt": "by id", "conversation": "conv-0001-0000"})
	_, out = h.mustReply(map[string]any{"prompt": "new"})
	_, opened, _, _ := h.m.snapshot()
	if want := []string{"", url, url, ""}; strings.Join(opened, ",") != strings.Join(want, ",") {
		t.Fatalf("opened %q, want %q", opened, want)
	}
	if out.ConversationURL != fakeBase+"/c/conv-0002-0000" {
		t.Fatalf("a new conversation's URL: %q", out.ConversationURL)
	}
}

// TestArgumentErrors: a missing file, an unknown effort tier and a
// conversation on another origin are tool errors (IsError) saying so, the
// model is never asked, and the server goes on serving.
func TestArgumentErrors(t *testing.T) {
	h := startServer(t, newFakeModel(fakeBase))
	for _, tc := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"prompt": "x", "files": []string{"missing.txt"}}, "missing.txt does not exist"},
		{map[string]any{"prompt": "x", "files": []string{"."}}, "not a regular file"},
		{map[string]any{"prompt": "x", "effort": "enormous"}, "unknown effort tier enormous"},
		{map[string]any{"prompt": "x", "conversation": "https://elsewhere.example/c/abcdefgh12"}, "is not on " + fakeBase},
		{map[string]any{"prompt": "x", "conversation": "no such thing"}, "neither a conversation id nor a URL"},
		{map[string]any{"prompt": " "}, "prompt is empty"},
	} {
		res, err := h.call(context.Background(), tc.args, nil)
		if err != nil {
			t.Fatalf("%v: a protocol error: %v", tc.args, err)
		}
		if !res.IsError || !strings.Contains(text(res), tc.want) {
			t.Errorf("%v: IsError %v, %q; want %q", tc.args, res.IsError, text(res), tc.want)
		}
	}
	if sent, _, _, _ := h.m.snapshot(); len(sent) != 0 {
		t.Fatalf("sent %d messages for invalid calls", len(sent))
	}
	h.mustReply(map[string]any{"prompt": "still here"})
}

// TestFilesModeAndEffort: files are attached by absolute path (relative
// ones resolved against the server's directory), and the mode and effort
// are asked for before the message.
func TestFilesModeAndEffort(t *testing.T) {
	h := startServer(t, newFakeModel(fakeBase))
	abs := filepath.Join(t.TempDir(), "b.txt")
	for _, p := range []string{filepath.Join(h.dir, "a.txt"), abs} {
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h.mustReply(map[string]any{"prompt": "look", "files": []string{"a.txt", abs}, "mode": "thinking", "effort": "heavy"})
	sent, _, _, _ := h.m.snapshot()
	if got := strings.Join(sent[0].Attachments, ","); got != filepath.Join(h.dir, "a.txt")+","+abs {
		t.Fatalf("attachments %q", got)
	}
	h.m.mu.Lock()
	defer h.m.mu.Unlock()
	if len(h.m.modes) != 1 || h.m.modes[0] != [2]string{"thinking", "heavy"} {
		t.Fatalf("modes %v", h.m.modes)
	}
}

// TestProgress: a call with a progress token gets notifications with a
// growing progress value: its steps and the reply's length while the
// model writes.
func TestProgress(t *testing.T) {
	h := startServer(t, newFakeModel(fakeBase))
	res, err := h.call(context.Background(), map[string]any{"prompt": "hello there"}, "tok-1")
	if err != nil || res.IsError {
		t.Fatalf("%v %v", err, res)
	}
	// The client handles notifications on its own goroutine: read them
	// until the last step shows up.
	last, seen := 0.0, []string{}
	for _, want := range []string{"starting ChatGPT", "sending the prompt", "waiting for ChatGPT's reply", "ChatGPT is writing: 10 characters so far"} {
		for {
			p := <-h.progress
			if p.ProgressToken != "tok-1" || p.Progress <= last {
				t.Fatalf("notification %+v after progress %v", p, last)
			}
			last, seen = p.Progress, append(seen, p.Message)
			if strings.Contains(p.Message, want) {
				break
			}
		}
	}
	if len(seen) != 4 {
		t.Fatalf("notifications %q", seen)
	}
}

// waitProgress waits for a notification whose message contains want.
func (h *harness) waitProgress(want string) {
	h.t.Helper()
	for p := range h.progress {
		if strings.Contains(p.Message, want) {
			return
		}
	}
}

// TestCallsQueued: a second call waits (told "queued") until the first is
// answered; the messages are sent one after the other.
func TestCallsQueued(t *testing.T) {
	m := newFakeModel(fakeBase)
	m.gate = make(chan struct{})
	h := startServer(t, m)
	first := make(chan error, 1)
	go func() { _, err := h.call(context.Background(), map[string]any{"prompt": "first"}, nil); first <- err }()
	if p := <-m.awaiting; p != "first" {
		t.Fatalf("awaiting %q", p)
	}
	second := make(chan string, 1)
	go func() {
		res, err := h.call(context.Background(), map[string]any{"prompt": "second"}, "tok-2")
		if err != nil {
			second <- err.Error()
			return
		}
		second <- text(res)
	}()
	h.waitProgress("queued: 1 call(s) ahead")
	if sent, _, _, _ := m.snapshot(); len(sent) != 1 {
		t.Fatalf("%d messages sent while the first call is answered", len(sent))
	}
	m.gate <- struct{}{}
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	if p := <-m.awaiting; p != "second" {
		t.Fatalf("awaiting %q", p)
	}
	m.gate <- struct{}{}
	if got := <-second; got != "reply to: second" {
		t.Fatalf("second call: %q", got)
	}
	sent, _, _, _ := m.snapshot()
	if len(sent) != 2 || sent[0].Text != "first" || sent[1].Text != "second" {
		t.Fatalf("sent %+v", sent)
	}
}

// TestCancel: a client's cancellation ends the call's wait for the reply
// (the transport's Await ends), and the next call is served.
func TestCancel(t *testing.T) {
	m := newFakeModel(fakeBase)
	m.gate = make(chan struct{})
	h := startServer(t, m)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { _, err := h.call(ctx, map[string]any{"prompt": "long"}, nil); done <- err }()
	<-m.awaiting
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled call: %v", err)
	}
	if err := <-m.awaitEnded; !errors.Is(err, context.Canceled) {
		t.Fatalf("the transport's wait ended with %v, want cancelled", err)
	}
	close(m.gate)
	if got, _ := h.mustReply(map[string]any{"prompt": "next"}); got != "reply to: next" {
		t.Fatalf("after a cancel: %q", got)
	}
}

// TestCrashRestartsTheTransport: a crash before the send, one while
// awaiting, and a browser gone between calls each end the chatgpt actor's
// incarnation; the call is served by a fresh transport (sent once), and
// the old one is closed.
func TestCrashRestartsTheTransport(t *testing.T) {
	m := newFakeModel(fakeBase)
	m.crashSends = 1
	h := startServer(t, m)
	if got, _ := h.mustReply(map[string]any{"prompt": "one"}); got != "reply to: one" {
		t.Fatalf("after a crash on send: %q", got)
	}
	m.mu.Lock()
	m.crashAwaits = 1
	m.mu.Unlock()
	if got, _ := h.mustReply(map[string]any{"prompt": "two"}); got != "reply to: two" {
		t.Fatalf("after a crash while awaiting: %q", got)
	}
	_, opened, _, _ := m.snapshot()
	if url := fakeBase + "/c/conv-0002-0000"; opened[len(opened)-1] != url {
		t.Fatalf("the restarted transport opened %q, want the call's conversation %s", opened[len(opened)-1], url)
	}
	m.mu.Lock()
	m.gone = true
	m.mu.Unlock()
	if got, _ := h.mustReply(map[string]any{"prompt": "three"}); got != "reply to: three" {
		t.Fatalf("after the browser went away: %q", got)
	}
	sent, _, inc, closed := m.snapshot()
	if len(sent) != 3 || inc != 4 || closed != 3 {
		t.Fatalf("sent %d, incarnations %d, closed %d; want 3, 4, 3", len(sent), inc, closed)
	}
}

// TestCrashingForeverFails: a transport that crashes every time fails the
// call after maxAttempts, as a tool error.
func TestCrashingForeverFails(t *testing.T) {
	m := newFakeModel(fakeBase)
	m.crashSends = maxAttempts
	h := startServer(t, m)
	res, err := h.call(context.Background(), map[string]any{"prompt": "doomed"}, nil)
	if err != nil || !res.IsError || !strings.Contains(text(res), ErrCrashed.Error()) {
		t.Fatalf("%v %v %q", err, res.IsError, text(res))
	}
	if got, _ := h.mustReply(map[string]any{"prompt": "then"}); got != "reply to: then" {
		t.Fatalf("after giving up on a call: %q", got)
	}
}

// TestStartFailureIsNoCrash: a browser that never launched (no Chrome
// found) fails each call with the reason, as a tool error, without
// restarting the chatgpt actor (no browser is "gone").
func TestStartFailureIsNoCrash(t *testing.T) {
	m := newFakeModel(fakeBase)
	m.startErr = errors.New("no Chrome or Chromium found")
	h := startServer(t, m)
	for range 3 {
		res, err := h.call(context.Background(), map[string]any{"prompt": "x"}, nil)
		if err != nil || !res.IsError || !strings.Contains(text(res), "no Chrome or Chromium found") {
			t.Fatalf("%v %v %q", err, res.IsError, text(res))
		}
	}
	if _, _, inc, _ := m.snapshot(); inc != 1 {
		t.Fatalf("%d incarnations, want 1", inc)
	}
}
