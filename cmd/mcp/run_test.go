package mcp

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/cmdutil/cmdtest"
	"github.com/wtagent/wtagent/internal/config"
	"github.com/wtagent/wtagent/internal/mcpadmin"
	"github.com/wtagent/wtagent/internal/mcptest"
)

// configFile is the config file of f's data root.
func configFile(f *cmdutil.Factory) string {
	return filepath.Join(f.Getenv("WTAGENT_HOME"), "config.json")
}

func readConfig(t *testing.T, f *cmdutil.Factory) (string, config.File) {
	t.Helper()
	b, err := os.ReadFile(configFile(f))
	if err != nil {
		t.Fatal(err)
	}
	fc, err := config.Parse(b)
	if err != nil {
		t.Fatalf("config: %v\n%s", err, b)
	}
	return string(b), fc
}

// TestAddAndRemove: add writes the server and keeps the other keys; a
// second add of the name is refused unless forced; remove deletes it,
// and refuses a name that is not there.
func TestAddAndRemove(t *testing.T) {
	f, _, _, errOut := cmdtest.Factory(t, nil)
	if err := os.WriteFile(configFile(f), []byte(`{"mode": "thinking", "allow-env": ["MYCO_*"]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) error { return cmdtest.Execute(f, NewCmdMCP(f, nil), args...) }
	if err := run("add", "fs", "-e", "ROOT=/tmp", "--", "npx", "-y", "server-fs", "/tmp"); err != nil {
		t.Fatal(err)
	}
	raw, fc := readConfig(t, f)
	fs := fc.MCPServers["fs"]
	if fs.Command != "npx" || strings.Join(fs.Args, " ") != "-y server-fs /tmp" || fs.Env["ROOT"] != "/tmp" ||
		fc.Mode != "thinking" || !strings.Contains(raw, `"allow-env": ["MYCO_*"]`) {
		t.Fatalf("after add:\n%s", raw)
	}
	if !strings.Contains(errOut.String(), "mcp.fs.*") {
		t.Errorf("add said %q", errOut)
	}
	if err := run("add", "fs", "--url", "https://h/mcp"); !errors.Is(err, mcpadmin.ErrExists) {
		t.Fatalf("second add: %v", err)
	}
	if again, _ := readConfig(t, f); again != raw {
		t.Fatalf("a refused add changed the file:\n%s", again)
	}
	if err := run("add", "fs", "--force", "--url", "https://h/mcp"); err != nil {
		t.Fatal(err)
	}
	if _, fc = readConfig(t, f); fc.MCPServers["fs"].URL != "https://h/mcp" || fc.MCPServers["fs"].Command != "" {
		t.Fatalf("forced add: %+v", fc.MCPServers)
	}
	if err := run("remove", "fs"); err != nil {
		t.Fatal(err)
	}
	if raw, fc = readConfig(t, f); len(fc.MCPServers) != 0 || strings.Contains(raw, "mcp-servers") || fc.Mode != "thinking" {
		t.Fatalf("after remove:\n%s", raw)
	}
	if err := run("rm", "fs"); !errors.Is(err, mcpadmin.ErrNotFound) || !strings.Contains(err.Error(), "none is configured") {
		t.Fatalf("removing an absent server: %v", err)
	}
}

// TestAddRefusesABrokenConfig: a config file that does not parse is not
// edited.
func TestAddRefusesABrokenConfig(t *testing.T) {
	f, _, _, _ := cmdtest.Factory(t, nil)
	const broken = `{"mode": "thinking", "speed": 1}`
	if err := os.WriteFile(configFile(f), []byte(broken), 0o600); err != nil {
		t.Fatal(err)
	}
	err := cmdtest.Execute(f, NewCmdMCP(f, nil), "add", "fs", "--", "srv")
	if err == nil || !strings.Contains(err.Error(), `"speed"`) {
		t.Fatalf("add: %v", err)
	}
	if b, _ := os.ReadFile(configFile(f)); string(b) != broken {
		t.Fatalf("the file changed: %s", b)
	}
}

// TestList: a stdio server (mcptest's, this binary) and an HTTP one are
// ready with their tools; a server whose command does not exist is
// failed and says why, and the others still list; the exit status is 1;
// --json prints a line per server.
func TestList(t *testing.T) {
	f, _, out, _ := cmdtest.Factory(t, nil)
	run := func(args ...string) error { return cmdtest.Execute(f, NewCmdMCP(f, nil), args...) }
	local := mcptest.Command(t)
	for _, args := range [][]string{
		append([]string{"add", "local", "-e", mcptest.EnvVar + "=1", "--", local.Command}, local.Args...),
		{"add", "web", "--url", mcptest.ServeHTTP(t)},
		{"add", "broken", "--", filepath.Join(t.TempDir(), "no-such-server")},
	} {
		if err := run(args...); err != nil {
			t.Fatal(err)
		}
	}
	err := run("list")
	if cmdutil.ExitCode(err) != cmdutil.ExitFailed {
		t.Fatalf("list: %v (exit %d)\n%s", err, cmdutil.ExitCode(err), out)
	}
	text := out.String()
	for _, want := range []string{"\nlocal (stdio: ", "): ready\n", "\n  mcp.local.echo ", "Return the text.\n",
		"\nweb (http: http://127.0.0.1:", "\n  mcp.web.write_note ", "broken (stdio: ", "): failed: mcp server did not start: \"broken\""} {
		if !strings.Contains("\n"+text, want) {
			t.Errorf("list lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "A second line") {
		t.Errorf("list shows more than a description's first line:\n%s", text)
	}
	out.Reset()
	f.Global.JSON = true
	if err := run("list", "--timeout", "1m"); cmdutil.ExitCode(err) != cmdutil.ExitFailed {
		t.Fatalf("list --json: %v", err)
	}
	checkJSONList(t, out.String())
}

func checkJSONList(t *testing.T, out string) {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines:\n%s", len(lines), out)
	}
	var entries []map[string]any
	for _, l := range lines {
		var e map[string]any
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		entries = append(entries, e)
	}
	broken, local, web := entries[0], entries[1], entries[2]
	if broken["name"] != "broken" || broken["state"] != "failed" || broken["error"] == nil {
		t.Errorf("broken: %v", broken)
	}
	if local["name"] != "local" || local["state"] != "ready" || local["command"] == nil || local["args"] == nil {
		t.Errorf("local: %v", local)
	}
	if web["state"] != "ready" || !strings.HasPrefix(web["url"].(string), "http://127.0.0.1:") {
		t.Errorf("web: %v", web)
	}
	tools, _ := local["tools"].([]any)
	found := false
	for _, tool := range tools {
		m := tool.(map[string]any)
		if m["name"] == "mcp.local.echo" {
			found = m["tool"] == "echo" && m["read_only"] == true && m["destructive"] == false && m["description"] != nil
		}
	}
	if !found || len(tools) <= mcptest.PageSize {
		t.Errorf("local's tools: %v", tools)
	}
	if _, ok := local["env"]; ok {
		t.Errorf("list shows a server's env: %v", local)
	}
}

// TestListNothing: no server is said plainly, and is no failure.
func TestListNothing(t *testing.T) {
	f, _, out, _ := cmdtest.Factory(t, nil)
	if err := cmdtest.Execute(f, NewCmdMCP(f, nil), "list"); err != nil || !strings.Contains(out.String(), "no MCP servers configured") {
		t.Fatalf("%v %q", err, out)
	}
}
