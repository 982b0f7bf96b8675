package config

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// TestMCPServerValidate: what a server entry may be, and the key each
// refusal names.
func TestMCPServerValidate(t *testing.T) {
	minute, zero := Duration(time.Minute), Duration(0)
	tests := []struct {
		name    string
		server  string
		s       MCPServer
		wantKey string // "-" when valid
		want    string
	}{
		{"stdio", "fs", MCPServer{Command: "npx", Args: []string{"-y", "x"}, Env: map[string]string{"A": "1"}, Timeout: &minute}, "-", ""},
		{"http", "web_1", MCPServer{URL: "https://mcp.example.com/mcp", TrustAnnotations: true}, "-", ""},
		{"loopback http", "L", MCPServer{URL: "http://127.0.0.1:8080/mcp"}, "-", ""},
		{"forty characters", strings.Repeat("a", 40), MCPServer{Command: "x"}, "-", ""},
		{"dot in name", "a.b", MCPServer{Command: "x"}, "", "mcp.NAME.TOOL"},
		{"empty name", "", MCPServer{Command: "x"}, "", "1 to 40"},
		{"long name", strings.Repeat("a", 41), MCPServer{Command: "x"}, "", "1 to 40"},
		{"space in name", "a b", MCPServer{Command: "x"}, "", "1 to 40"},
		{"neither", "n", MCPServer{}, "", "give a command"},
		{"blank command", "n", MCPServer{Command: "  "}, "", "give a command"},
		{"both", "n", MCPServer{Command: "x", URL: "https://h/"}, "", "not both"},
		{"ftp url", "n", MCPServer{URL: "ftp://h/x"}, "url", "http or https"},
		{"no host", "n", MCPServer{URL: "https:///x"}, "url", "no host"},
		{"relative url", "n", MCPServer{URL: "example.com/mcp"}, "url", "http or https"},
		{"args with url", "n", MCPServer{URL: "https://h/", Args: []string{"a"}}, "url", "command's"},
		{"env with url", "n", MCPServer{URL: "https://h/", Env: map[string]string{"A": "1"}}, "url", "command's"},
		{"empty env name", "n", MCPServer{Command: "x", Env: map[string]string{"": "1"}}, "env", "not a variable name"},
		{"= in env name", "n", MCPServer{Command: "x", Env: map[string]string{"A=B": "1"}}, "env", "not a variable name"},
		{"http with headers", "h", MCPServer{URL: "https://h/", Headers: map[string]string{"Authorization": "Bearer x"}}, "-", ""},
		{"headers with command", "n", MCPServer{Command: "x", Headers: map[string]string{"A": "1"}}, "headers", "url's"},
		{"colon in header name", "n", MCPServer{URL: "https://h/", Headers: map[string]string{"A:B": "1"}}, "headers", "not a header name"},
		{"line break in header value", "n", MCPServer{URL: "https://h/", Headers: map[string]string{"A": "1\r\nB: 2"}}, "headers", "line break"},
		{"zero timeout", "n", MCPServer{Command: "x", Timeout: &zero}, "timeout", "positive"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.s.Validate(tc.server)
			if tc.wantKey == "-" {
				if err != nil {
					t.Fatalf("Validate: %v", err)
				}
				return
			}
			var se *MCPServerError
			if !errors.As(err, &se) || se.Name != tc.server || se.Key != tc.wantKey || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Validate = %v, want an MCPServerError of key %q saying %q", err, tc.wantKey, tc.want)
			}
		})
	}
}

// TestParseMCPServers: the key decodes both kinds of server, and a bad
// entry (a wrong value, an unknown key, a refused name) is an error naming
// the server.
func TestParseMCPServers(t *testing.T) {
	fc, err := Parse([]byte(`{"mode": "thinking", "mcp-servers": {
		"fs": {"command": "npx", "args": ["-y", "fs"], "env": {"K": "v"}, "timeout": "90s"},
		"web": {"url": "https://mcp.example.com/mcp", "trust-annotations": true}}}`))
	if err != nil {
		t.Fatal(err)
	}
	fs, web := fc.MCPServers["fs"], fc.MCPServers["web"]
	if fs.Command != "npx" || len(fs.Args) != 2 || fs.Env["K"] != "v" || fs.Timeout == nil || time.Duration(*fs.Timeout) != 90*time.Second {
		t.Errorf("fs = %+v", fs)
	}
	if web.URL != "https://mcp.example.com/mcp" || !web.TrustAnnotations || web.Timeout != nil {
		t.Errorf("web = %+v", web)
	}
	for _, c := range []struct{ json, want string }{
		{`{"mcp-servers": {"ok": {"command": "x"}, "bad": {"url": "ftp://h"}}}`, `"bad": url: want an http or https`},
		{`{"mcp-servers": {"a.b": {"command": "x"}}}`, `"a.b"`},
		{`{"mcp-servers": {"s": {"command": "x", "cwd": "/"}}}`, `"s": unknown field "cwd" (a server's keys`},
		{`{"mcp-servers": {"s": {"command": "x", "args": "-y"}}}`, `"s": args: want a list of strings, not a string`},
		{`{"mcp-servers": {"s": {"command": "x", "timeout": "soon"}}}`, `"s": want a duration`},
		{`{"mcp-servers": {"s": {}}}`, `"s": give a command`},
		{`{"mcp-servers": ["x"]}`, `"mcp-servers": want an object, not an array`},
	} {
		_, err := Parse([]byte(c.json))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.json, err, c.want)
		}
	}
}
