package app

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/wtagent/wtagent/actors"
	"github.com/wtagent/wtagent/internal/config"
	"github.com/wtagent/wtagent/internal/mcpclient"
	"github.com/wtagent/wtagent/policy"
	"github.com/wtagent/wtagent/toolactors"
)

// mcpStartWait is how long a server may take to start and list its
// tools.
const mcpStartWait = 30 * time.Second

// connectMCP starts the configured MCP servers, all at once, and lists
// their tools: the run's servers, in name order, and a warning for each
// server that did not start (the run goes on without it) and each tool
// that cannot be offered. env is the scrubbed environment the servers
// start from.
func connectMCP(ctx context.Context, servers config.MCPServers, env []string) ([]actors.MCPServer, []string) {
	names := servers.Names()
	out := make([]*actors.MCPServer, len(names))
	warns := make([][]string, len(names))
	var wg sync.WaitGroup
	for i, name := range names {
		wg.Go(func() { out[i], warns[i] = connectOne(ctx, name, servers[name], env) })
	}
	wg.Wait()
	var run []actors.MCPServer
	for i := range names {
		if out[i] != nil {
			run = append(run, *out[i])
		}
	}
	return run, slices.Concat(warns...)
}

// connectOne starts one server and maps its tools to the catalogue.
func connectOne(ctx context.Context, name string, s config.MCPServer, env []string) (*actors.MCPServer, []string) {
	connect := func(ctx context.Context) (*mcpclient.Conn, error) { return startMCP(ctx, name, s, env) }
	conn, err := connect(ctx)
	if err != nil {
		return nil, []string{fmt.Sprintf("the MCP server %s did not start, the run goes on without it: %v", name, err)}
	}
	// The tool's deadline leaves the connection's own first say.
	timeout := conn.Timeout() + 5*time.Second
	srv := &actors.MCPServer{MCPServer: toolactors.MCPServer{Name: name, Connect: connect, First: conn}}
	var warns []string
	for _, t := range conn.Tools() {
		spec, err := mcpclient.Spec(name, t, s.TrustAnnotations, timeout)
		if err != nil {
			warns = append(warns, fmt.Sprintf("the MCP tool %s is not offered: %v", mcpclient.ToolName(name, t.Name), err))
			continue
		}
		// Only a hint the server gave is shown: MCP's default for an
		// absent destructiveHint would call every plain tool destructive.
		p := policy.MCPTool{ReadOnly: mcpclient.ReadOnly(t), Trusted: s.TrustAnnotations}
		if a := t.Annotations; a != nil && !p.ReadOnly {
			p.Destructive = a.DestructiveHint != nil && *a.DestructiveHint
		}
		srv.Tools = append(srv.Tools, actors.MCPTool{Spec: spec, Name: t.Name, Policy: p})
	}
	return srv, warns
}

// startMCP connects to a server within mcpStartWait; the connection
// then lives as long as ctx (or until closed).
func startMCP(ctx context.Context, name string, s config.MCPServer, env []string) (*mcpclient.Conn, error) {
	life, cancel := context.WithCancelCause(ctx)
	slow := time.AfterFunc(mcpStartWait, func() {
		cancel(fmt.Errorf("it did not start and list its tools within %s", mcpStartWait))
	})
	conn, err := mcpclient.Connect(life, name, s, env)
	if !slow.Stop() || err != nil {
		cancel(nil)
		if err == nil {
			conn.Close()
			err = context.Cause(life)
		}
		return nil, err
	}
	go func() {
		<-conn.Done()
		cancel(nil)
	}()
	return conn, nil
}

// closeMCP closes the connections no actor adopted (the run did not
// start).
func closeMCP(servers []actors.MCPServer) {
	for _, s := range servers {
		if s.First != nil {
			s.First.Close()
		}
	}
}
