//go:build linux

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/internal/mcptest"
)

// TestMCPAddListRemove: `wtagent mcp add` writes a server into the data
// root's config.json, `mcp list --json` starts it (this binary, serving
// internal/mcptest's tools) and lists its tools, and `mcp remove` takes it
// out again.
func TestMCPAddListRemove(t *testing.T) {
	e := newEnv(t)
	srv := mcptest.Command(t)
	args := append([]string{"mcp", "add", "t", "--env", mcptest.EnvVar + "=1", "--", srv.Command}, srv.Args...)
	if code, _, stderr := e.run(args...); code != 0 || !strings.Contains(stderr, "mcp.t.*") {
		t.Fatalf("mcp add: exit %d\n%s", code, stderr)
	}
	if b, err := os.ReadFile(filepath.Join(e.home, "config.json")); err != nil || !strings.Contains(string(b), `"mcp-servers"`) {
		t.Fatalf("config.json: %s %v", b, err)
	}
	code, stdout, stderr := e.run("mcp", "list", "--json")
	var got struct {
		Name  string `json:"name"`
		State string `json:"state"`
		Tools []struct {
			Name     string `json:"name"`
			ReadOnly bool   `json:"read_only"`
		} `json:"tools"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); code != 0 || err != nil {
		t.Fatalf("mcp list --json: exit %d, %v\n%s\n%s", code, err, stdout, stderr)
	}
	echo := false
	for _, tool := range got.Tools {
		echo = echo || (tool.Name == "mcp.t.echo" && tool.ReadOnly)
	}
	if got.Name != "t" || got.State != "ready" || !echo {
		t.Fatalf("mcp list --json: %s", stdout)
	}
	if code, _, stderr := e.run("mcp", "remove", "t"); code != 0 {
		t.Fatalf("mcp remove: exit %d\n%s", code, stderr)
	}
	if code, stdout, _ := e.run("mcp", "list"); code != 0 || !strings.Contains(stdout, "no MCP servers configured") {
		t.Fatalf("mcp list after remove: exit %d\n%s", code, stdout)
	}
}
