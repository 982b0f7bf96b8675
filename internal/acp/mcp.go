package acp

import (
	"fmt"
	"strings"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/wtagent/wtagent/internal/config"
)

// mcpCapabilities are the MCP transports a client's servers may use: stdio
// (every agent's) and streamable HTTP; not SSE.
func mcpCapabilities() sdk.McpCapabilities { return sdk.McpCapabilities{Http: true} }

// clientMCP are the client's MCP servers as wtagent's config entries, each
// checked as a config file's is. An entry wtagent cannot use (an SSE or
// ACP transport, no name, a bad URL, a name given twice) is an
// invalid-params error naming it: nothing is started.
func clientMCP(servers []sdk.McpServer) (config.MCPServers, error) {
	out := config.MCPServers{}
	for i, s := range servers {
		given, c, err := clientServer(s)
		if err != nil {
			return nil, invalidParams("mcpServers[%d]: %v", i, err)
		}
		name := serverName(given)
		if _, dup := out[name]; dup {
			return nil, invalidParams("mcpServers[%d]: server %q: another server is already named %s", i, given, name)
		}
		if err := c.Validate(name); err != nil {
			return nil, invalidParams("mcpServers[%d]: %v", i, err)
		}
		out[name] = c
	}
	return out, nil
}

// clientServer is one client server's name and config entry.
func clientServer(s sdk.McpServer) (string, config.MCPServer, error) {
	switch {
	case s.Stdio != nil:
		env := map[string]string{}
		for _, v := range s.Stdio.Env {
			env[v.Name] = v.Value
		}
		return s.Stdio.Name, config.MCPServer{Command: s.Stdio.Command, Args: s.Stdio.Args, Env: env}, nil
	case s.Http != nil:
		headers := map[string]string{}
		for _, h := range s.Http.Headers {
			headers[h.Name] = h.Value
		}
		return s.Http.Name, config.MCPServer{URL: s.Http.Url, Headers: headers}, nil
	case s.Sse != nil:
		return "", config.MCPServer{}, errNotOffered("sse", s.Sse.Name)
	case s.Acp != nil:
		return "", config.MCPServer{}, errNotOffered("acp", s.Acp.Name)
	}
	return "", config.MCPServer{}, errNotOffered("unknown", "")
}

// errNotOffered refuses a server whose transport initialize did not offer.
func errNotOffered(transport, name string) error {
	return fmt.Errorf("server %q: the %s transport is not supported (initialize offers stdio and http)", name, transport)
}

// serverName is name as a config entry's name: an editor may name a
// server "GitHub (work)", while the name becomes the middle of its tools'
// names (mcp.NAME.TOOL): each other character becomes "_", and it is cut
// at 40.
func serverName(name string) string {
	b := []rune(strings.TrimSpace(name))
	if len(b) > 40 {
		b = b[:40]
	}
	for i, r := range b {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			b[i] = '_'
		}
	}
	return string(b)
}
