package acp

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/wtagent/wtagent/internal/config"
)

// TestClientMCP: the client's stdio and HTTP servers become config
// entries named as wtagent's tools can be; an SSE server, a name that is
// empty or taken once cleaned, and a bad URL are invalid params naming
// the entry.
func TestClientMCP(t *testing.T) {
	stdio := func(name string) sdk.McpServer {
		return sdk.McpServer{Stdio: &sdk.McpServerStdio{Name: name, Command: "srv", Args: []string{"-v"},
			Env: []sdk.EnvVariable{{Name: "TOKEN", Value: "t"}}}}
	}
	http := func(name, url string) sdk.McpServer {
		return sdk.McpServer{Http: &sdk.McpServerHttpInline{Name: name, Type: "http", Url: url,
			Headers: []sdk.HttpHeader{{Name: "Authorization", Value: "Bearer b"}}}}
	}
	tests := []struct {
		name    string
		servers []sdk.McpServer
		want    config.MCPServers
		err     string
	}{
		{"none", []sdk.McpServer{}, config.MCPServers{}, ""},
		{"stdio and http", []sdk.McpServer{stdio("GitHub (work)"), http("docs", "https://h/mcp")}, config.MCPServers{
			"GitHub__work_": {Command: "srv", Args: []string{"-v"}, Env: map[string]string{"TOKEN": "t"}},
			"docs":          {URL: "https://h/mcp", Headers: map[string]string{"Authorization": "Bearer b"}},
		}, ""},
		{"sse", []sdk.McpServer{{Sse: &sdk.McpServerSseInline{Name: "old", Type: "sse", Url: "https://h/sse"}}}, nil,
			`mcpServers[0]: server "old": the sse transport is not supported`},
		{"same name once cleaned", []sdk.McpServer{stdio("a b"), stdio("a_b")}, nil, `mcpServers[1]: server "a_b": another server is already named a_b`},
		{"no name", []sdk.McpServer{stdio(" ")}, nil, "mcpServers[0]: mcp-servers: \"\": a server's name is 1 to 40"},
		{"bad url", []sdk.McpServer{http("docs", "ftp://h/x")}, nil, "mcpServers[0]: mcp-servers: \"docs\": url: want an http or https URL"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := clientMCP(tc.servers)
			if tc.err != "" {
				var re *sdk.RequestError
				if !errors.As(err, &re) || re.Code != -32602 || !strings.Contains(re.Message, tc.err) {
					t.Fatalf("clientMCP = %v, want invalid params saying %q", err, tc.err)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("clientMCP = %+v, %v; want %+v", got, err, tc.want)
			}
		})
	}
}
