package config

import (
	"strings"
	"testing"
)

func TestParseProjectMCP(t *testing.T) {
	p, err := ParseProjectMCP([]byte(`{"mcpServers": {
		"fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "."], "env": {"A": "1"}},
		"docs": {"type": "http", "url": "https://mcp.example.com/mcp"},
		"old": {"type": "sse", "url": "https://mcp.example.com/sse"},
		"bad.name": {"command": "x"},
		"empty": {}
	}}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(p.Servers.Names(), ","); got != "docs,fs" {
		t.Fatalf("servers %s, want docs,fs", got)
	}
	if p.Servers["fs"].Command != "npx" || len(p.Servers["fs"].Args) != 3 || p.Servers["fs"].Env["A"] != "1" || p.Servers["docs"].URL == "" {
		t.Fatalf("servers %+v", p.Servers)
	}
	skipped := strings.Join(p.Skipped, "\n")
	for _, want := range []string{`bad.name:`, `empty:`, `old: the transport "sse" is not supported`} {
		if !strings.Contains(skipped, want) {
			t.Errorf("skipped %q lacks %q", skipped, want)
		}
	}
	if len(p.Digest) != 64 {
		t.Fatalf("digest %q", p.Digest)
	}
	again, _ := ParseProjectMCP([]byte(`{"mcpServers": {}}`))
	if again.Digest == p.Digest {
		t.Fatal("two files share a digest")
	}
	if _, err := ParseProjectMCP([]byte(`["not", "an", "object"]`)); err == nil {
		t.Fatal("a list is accepted")
	}
}
