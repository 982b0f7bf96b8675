//go:build compat

package compat

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/browser/chrome"
	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/model"
)

// inspectorVersion is the pinned MCP Inspector (make compat installs it).
const inspectorVersion = "2.12.0"

// inspectorReply is the mock page's answer to the inspector's call.
const inspectorReply = "Hello from the mock page: `a & b` <i>exact</i>\n\n- one\n- two"

// TestInspectorCallsMCPServe: the real MCP Inspector CLI starts
// `wtagent mcp serve` on the mock page (real headless Chromium), lists its
// tools and calls chatgpt with prompt=hi: the reply text exact, the
// structured content naming the page's conversation.
func TestInspectorCallsMCPServe(t *testing.T) {
	e, srv, url := newMCPEnv(t, inspectorReply)
	inspector := e.tool("mcp-inspector")
	if out, _ := e.run(e.root, nil, inspector, "--version"); !strings.Contains(out, inspectorVersion) {
		t.Fatalf("mcp-inspector --version: %s, want %s", out, inspectorVersion)
	}
	// The inspector passes the server only a few variables of its own
	// environment: the data root is given with -e.
	cli := func(args ...string) (map[string]any, string) {
		t.Helper()
		// The server's command comes first: --tool-arg takes every word
		// after it.
		all := append([]string{"--cli", "-e", "WTAGENT_HOME=" + e.wtHome, e.bin, "mcp", "serve", "--chatgpt-url", url, "--headless"}, args...)
		out, errOut := e.run(e.root, nil, inspector, all...)
		var v map[string]any
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Fatalf("mcp-inspector %v printed no JSON (%v):\n%s", args, err, out)
		}
		return v, errOut
	}

	// The inspector checks the schemas' portability (--strict: also what
	// is legal but less portable) and warns on stderr.
	list, errOut := cli("--method", "tools/list", "--strict")
	if strings.Contains(errOut, "Warning") || strings.Contains(errOut, "rror") {
		t.Errorf("the inspector finds the tool's schemas less portable:\n%s", errOut)
	}
	tools, _ := list["tools"].([]any)
	if len(tools) != 1 || str(tools[0].(map[string]any)["name"]) != "chatgpt" {
		t.Fatalf("tools/list: %v", tools)
	}
	res, _ := cli("--method", "tools/call", "--tool-name", "chatgpt", "--tool-arg", "prompt=hi")
	content, _ := res["content"].([]any)
	if len(content) != 1 || str(content[0].(map[string]any)["text"]) != inspectorReply || res["isError"] == true {
		t.Fatalf("tools/call: %v, want the text %q", res, inspectorReply)
	}
	sc, _ := res["structuredContent"].(map[string]any)
	rec := srv.Received()
	if len(rec) != 1 || rec[0].Text != "hi" || str(sc["conversation_url"]) != url+"/c/"+rec[0].ConversationID {
		t.Fatalf("structured content %v; the page received %+v", sc, rec)
	}
	t.Logf("mcp-inspector %s listed and called wtagent mcp serve's chatgpt tool: %q at %s", inspectorVersion, str(content[0].(map[string]any)["text"]), str(sc["conversation_url"]))
}

// newMCPEnv builds wtagent and serves reply on a mock ChatGPT page, for a
// test of an MCP client of `wtagent mcp serve`; it skips without
// Chromium unless WTAGENT_REQUIRE_BROWSER is set.
func newMCPEnv(t *testing.T, reply string) (*env, *mockchat.Server, string) {
	t.Helper()
	return newPageEnv(t, []model.ScriptLine{{Reply: reply}})
}

// newPageEnv builds wtagent and serves lines, in order, on a mock ChatGPT
// page; it skips without Chromium unless WTAGENT_REQUIRE_BROWSER is set.
func newPageEnv(t *testing.T, lines []model.ScriptLine) (*env, *mockchat.Server, string) {
	t.Helper()
	if _, err := chrome.Discover(os.Getenv, "linux"); err != nil {
		if os.Getenv("WTAGENT_REQUIRE_BROWSER") != "" {
			t.Fatalf("WTAGENT_REQUIRE_BROWSER is set but: %v", err)
		}
		t.Skip("no Chromium:", err)
	}
	prefix := os.Getenv("WTAGENT_COMPAT_PREFIX")
	if prefix == "" {
		t.Fatal("WTAGENT_COMPAT_PREFIX is not set: run make compat")
	}
	e := &env{t: t, prefix: prefix, home: t.TempDir(), wtHome: t.TempDir(), root: t.TempDir()}
	e.bin = buildWtagent(t)
	for i := range lines {
		lines[i].Line = i + 1
	}
	srv := mockchat.New(mockchat.Options{Script: lines, LoggedIn: true})
	url, err := srv.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	return e, srv, url
}
