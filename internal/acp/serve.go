package acp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"sync"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/wtagent/wtagent/internal/config"
	"github.com/wtagent/wtagent/session"
)

// Options configure an agent.
type Options struct {
	// In and Out are the client's stream (the process's stdin and
	// stdout): Out carries protocol messages only.
	In  io.Reader
	Out io.Writer
	// Log receives the connection's diagnostics (stderr).
	Log io.Writer
	// Home is where sessions live (session/load finds them there).
	Home session.Home
	// Start opens the wtagent session behind an ACP session.
	Start Starter
	// Version is the agent's version in the handshake.
	Version string
}

// Serve serves ACP on o.In and o.Out until the client closes its end or
// ctx ends; the open sessions are then paused and closed.
func Serve(ctx context.Context, o Options) error {
	out := &lockedWriter{w: o.Out}
	pr, pw := io.Pipe()
	a := &agent{home: o.Home, start: o.Start, version: o.Version, sessions: map[string]*acpSession{}, mcp: map[string]config.MCPServers{}}
	a.conn = sdk.NewAgentSideConnection(a, out, pr)
	a.conn.SetLogger(slog.New(slog.NewTextHandler(o.Log, nil)))
	go func() { pw.CloseWithError(screen(o.In, pw, out)) }()
	select {
	case <-a.conn.Done():
	case <-ctx.Done():
	}
	a.closeAll()
	return nil
}

// lockedWriter writes whole messages one at a time: the connection's and
// screen's answers share stdout.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// screen passes the well-formed JSON-RPC messages of in to conn and
// answers the others itself, with a parse error (not JSON) or an invalid
// request error (JSON but not a message): the SDK would drop them
// silently, leaving the client waiting.
func screen(in io.Reader, conn io.Writer, out io.Writer) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 64<<10), 10<<20)
	for sc.Scan() {
		line := sc.Bytes()
		if id, problem := messageProblem(line); problem != nil {
			if len(id) == 0 {
				id = json.RawMessage("null")
			}
			b, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "error": problem})
			if err != nil {
				return err
			}
			if _, err := out.Write(append(b, '\n')); err != nil {
				return err
			}
			continue
		}
		if _, err := conn.Write(append(line, '\n')); err != nil {
			return err
		}
	}
	return sc.Err()
}

// messageProblem is the error answer to a line that is not a JSON-RPC
// message, with the id to answer (null when there is none), nil for a
// message or a blank line (skipped).
func messageProblem(line []byte) (json.RawMessage, *sdk.RequestError) {
	var msg struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Method  *string         `json:"method"`
		Result  json.RawMessage `json:"result"`
		Error   json.RawMessage `json:"error"`
	}
	if len(bytes.TrimSpace(line)) == 0 {
		return nil, nil
	}
	if !json.Valid(line) {
		return nil, &sdk.RequestError{Code: -32700, Message: "parse error: the line is not JSON"}
	}
	if err := json.Unmarshal(line, &msg); err != nil {
		return nil, &sdk.RequestError{Code: -32600, Message: fmt.Sprintf("invalid request: not a JSON-RPC message: %v", err)}
	}
	id := msg.ID
	switch {
	case msg.JSONRPC != "2.0":
		return id, &sdk.RequestError{Code: -32600, Message: `invalid request: "jsonrpc" must be "2.0"`}
	case msg.Method != nil && *msg.Method == "":
		return id, &sdk.RequestError{Code: -32600, Message: "invalid request: empty method"}
	case msg.Method == nil && msg.ID == nil:
		return nil, &sdk.RequestError{Code: -32600, Message: "invalid request: neither a method nor an id"}
	case msg.Method == nil && msg.Result == nil && msg.Error == nil:
		return id, &sdk.RequestError{Code: -32600, Message: "invalid request: no method (a request) and no result or error (a response)"}
	}
	return nil, nil
}
