package mcpadmin

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/wtagent/wtagent/internal/config"
	"github.com/wtagent/wtagent/internal/mcpclient"
	"github.com/wtagent/wtagent/policy/classify"
)

// The states of a listed server.
const (
	StateReady  = "ready"
	StateFailed = "failed"
)

// Entry is one server as `wtagent mcp list` shows it (and its --json
// line). The server's env is never shown: it may hold secrets.
type Entry struct {
	Name    string   `json:"name"`
	Command string   `json:"command,omitempty"`
	Args    []string `json:"args,omitempty"`
	URL     string   `json:"url,omitempty"`
	// State is ready or failed; Error says why it failed.
	State string `json:"state"`
	Error string `json:"error,omitempty"`
	Tools []Tool `json:"tools"`
}

// Tool is one tool of a ready server: its name in a run (mcp.NAME.TOOL),
// its name on the server, its description and what it says of itself.
type Tool struct {
	Name        string `json:"name"`
	Tool        string `json:"tool"`
	Description string `json:"description"`
	ReadOnly    bool   `json:"read_only"`
	Destructive bool   `json:"destructive"`
}

// InspectAll connects to every server at once (each within timeout) and
// returns their entries in name order.
func InspectAll(ctx context.Context, servers config.MCPServers, env []string, timeout time.Duration) []Entry {
	names := servers.Names()
	entries := make([]Entry, len(names))
	var wg sync.WaitGroup
	for i, name := range names {
		wg.Go(func() { entries[i] = Inspect(ctx, name, servers[name], env, timeout) })
	}
	wg.Wait()
	return entries
}

// Inspect connects to one server with env (the scrubbed environment),
// lists its tools and closes the connection.
func Inspect(ctx context.Context, name string, s config.MCPServer, env []string, timeout time.Duration) Entry {
	e := Entry{Name: name, Command: s.Command, Args: s.Args, URL: s.URL, State: StateFailed, Tools: []Tool{}}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	c, err := mcpclient.Connect(ctx, name, s, env)
	if err != nil {
		e.Error = reason(err, timeout)
		return e
	}
	defer c.Close()
	e.State = StateReady
	for _, t := range c.Tools() {
		e.Tools = append(e.Tools, Tool{Name: mcpclient.ToolName(name, t.Name), Tool: t.Name, Description: t.Description,
			ReadOnly: mcpclient.ReadOnly(t), Destructive: mcpclient.Destructive(t)})
	}
	return e
}

// reason is a failed connection's error as one line.
func reason(err error, timeout time.Duration) string {
	msg := err.Error()
	if errors.Is(err, context.DeadlineExceeded) {
		msg = fmt.Sprintf("no answer within %s (%s)", timeout, msg)
	}
	return strings.Join(strings.Fields(msg), " ")
}

// transport is how a server is reached, for people: its command line or
// its URL.
func transport(s config.MCPServer) string {
	if s.URL != "" {
		return "http: " + s.URL
	}
	return "stdio: " + classify.FormatCommand(s.Command, s.Args)
}
