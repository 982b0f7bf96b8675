package config

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
)

// ProjectMCPFile is the project's MCP servers file, in Claude Code's
// format: {"mcpServers": {"NAME": {"command": …, "args": […], "env":
// {…}} or {"type": "http", "url": …}}}.
const ProjectMCPFile = ".mcp.json"

// ProjectMCP is a parsed .mcp.json: the servers wtagent can run, notes on
// the entries it cannot, and the digest of the file's bytes (an approval
// holds for these exact bytes).
type ProjectMCP struct {
	Servers MCPServers
	Skipped []string
	Digest  string
}

// projectEntry is one server of .mcp.json as Claude Code writes it.
type projectEntry struct {
	Type    string            `json:"type"`
	Command string            `json:"command"`
	Args    []string          `json:"args"`
	Env     map[string]string `json:"env"`
	URL     string            `json:"url"`
}

// ParseProjectMCP decodes a .mcp.json. A stdio or streamable HTTP server
// that validates is kept; others (SSE, a bad name, headers wtagent cannot
// send) are listed in Skipped. A file that is not such an object is an
// error.
func ParseProjectMCP(data []byte) (ProjectMCP, error) {
	var f struct {
		MCPServers map[string]json.RawMessage `json:"mcpServers"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return ProjectMCP{}, fmt.Errorf("%s: want {\"mcpServers\": {…}}: %w", ProjectMCPFile, err)
	}
	sum := sha256.Sum256(data)
	p := ProjectMCP{Servers: MCPServers{}, Digest: hex.EncodeToString(sum[:])}
	for _, name := range slices.Sorted(maps.Keys(f.MCPServers)) {
		var e projectEntry
		if err := json.Unmarshal(f.MCPServers[name], &e); err != nil {
			p.Skipped = append(p.Skipped, fmt.Sprintf("%s: %v", name, err))
			continue
		}
		s, err := e.server()
		if err == nil {
			err = s.Validate(name)
		}
		if err != nil {
			p.Skipped = append(p.Skipped, fmt.Sprintf("%s: %v", name, err))
			continue
		}
		p.Servers[name] = s
	}
	return p, nil
}

// server maps the entry onto a config server.
func (e projectEntry) server() (MCPServer, error) {
	switch e.Type {
	case "", "stdio":
		if e.URL != "" && e.Command == "" {
			return MCPServer{URL: e.URL}, nil
		}
		return MCPServer{Command: e.Command, Args: e.Args, Env: e.Env}, nil
	case "http":
		return MCPServer{URL: e.URL}, nil
	}
	return MCPServer{}, fmt.Errorf("the transport %q is not supported (stdio and http are)", e.Type)
}
