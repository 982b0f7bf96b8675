package mcpadmin

import (
	"bytes"
	"context"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/internal/config"
	"github.com/wtagent/wtagent/internal/mcptest"
)

// TestMain serves mcptest's MCP server when a test starts this binary as
// one.
func TestMain(m *testing.M) {
	mcptest.ServeIfAsked()
	os.Exit(m.Run())
}

// TestServerEnv: servers get the scrubbed environment, with what allow-env
// names kept.
func TestServerEnv(t *testing.T) {
	environ := func() []string {
		return []string{"PATH=/bin", "GITHUB_TOKEN=ghp_0123456789abcdefghijklmnopqrstuvwxyzAB", "MYCO_API_KEY=k", "OTHER_SECRET=s"}
	}
	got := ServerEnv(environ, config.File{AllowEnv: []string{"MYCO_*"}})
	if want := []string{"PATH=/bin", "MYCO_API_KEY=k"}; !slices.Equal(got, want) {
		t.Fatalf("env %q, want %q", got, want)
	}
}

// TestInspectAll: ready servers list their tools with what they say of
// themselves; a failed one says why, in name order, within the timeout.
func TestInspectAll(t *testing.T) {
	servers := config.MCPServers{
		"b-local":  mcptest.Command(t),
		"a-broken": mcptest.FailingCommand(t),
	}
	entries := InspectAll(context.Background(), servers, nil, time.Minute)
	if len(entries) != 2 || entries[0].Name != "a-broken" || entries[1].Name != "b-local" {
		t.Fatalf("entries %+v", entries)
	}
	broken, local := entries[0], entries[1]
	if broken.State != StateFailed || !strings.Contains(broken.Error, mcptest.FailLine) || len(broken.Tools) != 0 {
		t.Errorf("broken: %+v", broken)
	}
	if local.State != StateReady || local.Error != "" || len(local.Tools) <= mcptest.PageSize {
		t.Fatalf("local: %+v", local)
	}
	for _, tool := range local.Tools {
		if tool.Name != "mcp.b-local."+tool.Tool {
			t.Errorf("tool name %q of %q", tool.Name, tool.Tool)
		}
		if tool.Tool == "echo" && (!tool.ReadOnly || tool.Destructive || !strings.HasPrefix(tool.Description, "Return the text.")) {
			t.Errorf("echo: %+v", tool)
		}
	}
}

// TestPrint: a line per server, its tools' first description lines, and
// no control characters from a server.
func TestPrint(t *testing.T) {
	var b bytes.Buffer
	err := Print(&b, []Entry{
		{Name: "fs", Command: "npx", Args: []string{"-y", "a b"}, State: StateReady, Tools: []Tool{
			{Name: "mcp.fs.read", Description: "Read a file.\nMore."}, {Name: "mcp.fs.x\x1b[2J", Description: "\x1b[31mred"}}},
		{Name: "web", URL: "https://h/mcp", State: StateFailed, Error: "no answer"},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "fs (stdio: npx -y 'a b'): ready\n" +
		"  mcp.fs.read  Read a file.\n" +
		"  mcp.fs.x[2J  [31mred\n" +
		"web (http: https://h/mcp): failed: no answer\n"
	if b.String() != want {
		t.Fatalf("got\n%q\nwant\n%q", b.String(), want)
	}
	b.Reset()
	if err := Print(&b, nil); err != nil || !strings.Contains(b.String(), "wtagent mcp add") {
		t.Fatalf("no servers: %q %v", b.String(), err)
	}
}
