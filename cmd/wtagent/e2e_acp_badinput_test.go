//go:build linux

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/model"
)

// rawACP is `wtagent acp` driven line by line: what a client that sends
// anything at all gets back.
type rawACP struct {
	t      *testing.T
	stdin  io.WriteCloser
	lines  chan map[string]any
	stderr *syncBuffer
}

func startRawACP(e *env, args ...string) *rawACP {
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
	r := &rawACP{t: e.t, stdin: stdin, lines: make(chan map[string]any, 64), stderr: &syncBuffer{}}
	cmd.Stderr = r.stderr
	if err := cmd.Start(); err != nil {
		e.t.Fatal(err)
	}
	go func() {
		defer close(r.lines)
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var m map[string]any
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				e.t.Errorf("stdout carries a line that is not JSON: %q", sc.Text())
				continue
			}
			r.lines <- m
		}
	}()
	e.t.Cleanup(func() {
		stdin.Close()
		if err := cmd.Wait(); err != nil {
			e.t.Errorf("wtagent acp: %v\n%s", err, r.stderr.String())
		}
		cancel()
	})
	return r
}

// send writes one line.
func (r *rawACP) send(line string) {
	r.t.Helper()
	if _, err := io.WriteString(r.stdin, line+"\n"); err != nil {
		r.t.Fatal(err)
	}
}

// next is the next message that is not a session/update notification.
func (r *rawACP) next() map[string]any {
	r.t.Helper()
	for m := range r.lines {
		if m["method"] != "session/update" {
			return m
		}
	}
	r.t.Fatalf("wtagent acp closed stdout; stderr:\n%s", r.stderr.String())
	return nil
}

// errorOf is the message's error code and message; it fails the test when
// m is no error answer to id (nil: the null id).
func (r *rawACP) errorOf(m map[string]any, id any) (float64, string) {
	r.t.Helper()
	e, ok := m["error"].(map[string]any)
	if !ok || m["id"] != id {
		r.t.Fatalf("got %v, want an error answer to id %v", m, id)
	}
	code, _ := e["code"].(float64)
	msg, _ := e["message"].(string)
	if data, ok := e["data"]; ok {
		b, _ := json.Marshal(data)
		msg += " " + string(b)
	}
	return code, msg
}

// TestACPBadInput: malformed JSON-RPC, an unknown method, a prompt before
// session/new, an unknown session id, a cwd that does not exist or is not
// a directory, and a second prompt while one runs each get a JSON-RPC
// error that says what is wrong, and the agent keeps serving; stdout
// carries JSON-RPC messages only.
func TestACPBadInput(t *testing.T) {
	e := newEnv(t)
	approvalProject(t, e.root)
	script := e.script(model.ScriptLine{Reply: agentReply(false, "Removing the database.", execCallXML("rm", "app.db"))})
	r := startRawACP(e, "--provider", "script", "--script", script)
	file := filepath.Join(e.root, "README.md")
	missing := filepath.Join(e.root, "no-such-dir")
	cases := []struct {
		name, line string
		id         any
		code       float64
		says       string
	}{
		{"not JSON", `{"jsonrpc":"2.0","id":1,"method":`, nil, -32700, "not JSON"},
		{"not a message", `[1,2,3]`, nil, -32600, "not a JSON-RPC message"},
		{"wrong version", `{"jsonrpc":"1.0","id":2,"method":"initialize","params":{"protocolVersion":1}}`, 2.0, -32600, `"jsonrpc" must be "2.0"`},
		{"unknown method", `{"jsonrpc":"2.0","id":3,"method":"session/teleport","params":{}}`, 3.0, -32601, "session/teleport"},
		{"prompt before session/new", `{"jsonrpc":"2.0","id":4,"method":"session/prompt","params":{"sessionId":"20260101-000000-abcdef","prompt":[{"type":"text","text":"hi"}]}}`, 4.0, -32602, `unknown session id "20260101-000000-abcdef": call session/new`},
		{"cwd missing", `{"jsonrpc":"2.0","id":5,"method":"session/new","params":{"cwd":"` + missing + `","mcpServers":[]}}`, 5.0, -32602, "does not exist"},
		{"cwd a file", `{"jsonrpc":"2.0","id":6,"method":"session/new","params":{"cwd":"` + file + `","mcpServers":[]}}`, 6.0, -32602, "is not a directory"},
		{"cwd relative", `{"jsonrpc":"2.0","id":7,"method":"session/new","params":{"cwd":"src","mcpServers":[]}}`, 7.0, -32602, "not an absolute path"},
		{"load unknown session", `{"jsonrpc":"2.0","id":8,"method":"session/load","params":{"sessionId":"20260101-000000-abcdef","cwd":"` + e.root + `","mcpServers":[]}}`, 8.0, -32602, "session 20260101-000000-abcdef"},
	}
	for _, c := range cases {
		r.send(c.line)
		code, msg := r.errorOf(r.next(), c.id)
		if code != c.code || !strings.Contains(msg, c.says) {
			t.Errorf("%s: error %v %q, want %v saying %q", c.name, code, msg, c.code, c.says)
		}
	}

	// Still serving: a session and a prompt that waits on a permission.
	r.send(`{"jsonrpc":"2.0","id":10,"method":"initialize","params":{"protocolVersion":1}}`)
	if m := r.next(); m["id"] != 10.0 || m["result"] == nil {
		t.Fatalf("initialize after the errors: %v", m)
	}
	r.send(`{"jsonrpc":"2.0","id":11,"method":"session/new","params":{"cwd":"` + e.root + `","mcpServers":[]}}`)
	m := r.next()
	res, _ := m["result"].(map[string]any)
	id, _ := res["sessionId"].(string)
	if id == "" {
		t.Fatalf("session/new: %v\n%s", m, r.stderr.String())
	}
	r.send(`{"jsonrpc":"2.0","id":12,"method":"session/prompt","params":{"sessionId":"` + id + `","prompt":[{"type":"text","text":"Remove the database."}]}}`)
	ask := r.next()
	if ask["method"] != "session/request_permission" {
		t.Fatalf("want a permission request, got %v", ask)
	}
	r.send(`{"jsonrpc":"2.0","id":13,"method":"session/prompt","params":{"sessionId":"` + id + `","prompt":[{"type":"text","text":"And another thing."}]}}`)
	if code, msg := r.errorOf(r.next(), 13.0); code != -32600 || !strings.Contains(msg, "already running a prompt") {
		t.Errorf("second prompt: error %v %q", code, msg)
	}
	askID, _ := json.Marshal(ask["id"])
	r.send(`{"jsonrpc":"2.0","id":` + string(askID) + `,"result":{"outcome":{"outcome":"cancelled"}}}`)
	m = r.next()
	res, _ = m["result"].(map[string]any)
	if m["id"] != 12.0 || res["stopReason"] != "cancelled" {
		t.Fatalf("first prompt after the cancelled permission: %v", m)
	}
	if _, err := os.Stat(filepath.Join(e.root, "app.db")); err != nil {
		t.Errorf("app.db after the cancelled permission request: %v", err)
	}
}
