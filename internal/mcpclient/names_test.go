package mcpclient

import (
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestToolNames(t *testing.T) {
	if got := ToolName("fs", "read_file"); got != "mcp.fs.read_file" {
		t.Errorf("ToolName = %q", got)
	}
	for _, tc := range []struct {
		name, server, tool string
		ok                 bool
	}{
		{"mcp.fs.read_file", "fs", "read_file", true},
		{"mcp.gh.issues.list", "gh", "issues.list", true},
		{"mcp.fs.", "", "", false},
		{"mcp..x", "", "", false},
		{"mcp.fs", "", "", false},
		{"fs.read", "", "", false},
		{"mcpx.fs.read", "", "", false},
	} {
		server, tool, ok := SplitToolName(tc.name)
		if server != tc.server || tool != tc.tool || ok != tc.ok {
			t.Errorf("SplitToolName(%q) = %q %q %v", tc.name, server, tool, ok)
		}
	}
}

func TestAnnotations(t *testing.T) {
	yes, no := true, false
	for _, tc := range []struct {
		name                  string
		a                     *mcp.ToolAnnotations
		readOnly, destructive bool
	}{
		{"none", nil, false, true},
		{"read-only", &mcp.ToolAnnotations{ReadOnlyHint: true}, true, false},
		{"read-only says destructive", &mcp.ToolAnnotations{ReadOnlyHint: true, DestructiveHint: &yes}, true, false},
		{"additive", &mcp.ToolAnnotations{DestructiveHint: &no}, false, false},
		{"destructive", &mcp.ToolAnnotations{DestructiveHint: &yes}, false, true},
		{"title only", &mcp.ToolAnnotations{Title: "x"}, false, true},
	} {
		tool := &mcp.Tool{Name: "t", Annotations: tc.a}
		if ReadOnly(tool) != tc.readOnly || Destructive(tool) != tc.destructive {
			t.Errorf("%s: read-only %v destructive %v", tc.name, ReadOnly(tool), Destructive(tool))
		}
	}
}

func TestTail(t *testing.T) {
	tl := newTail(16)
	tl.Write([]byte("first line\nsecond "))
	tl.Write([]byte("line\n\n  \n"))
	if got := tl.String(); got != "second line\n\n  \n" {
		t.Errorf("String = %q, want the last 16 bytes", got)
	}
	if got := tl.LastLine(); got != "second line" {
		t.Errorf("LastLine = %q", got)
	}
	long := newTail(1000)
	for range 50 {
		long.Write([]byte("éééééééééé"))
	}
	if got := long.LastLine(); len(got) > quotedLine+len("…") {
		t.Errorf("a long line is quoted whole: %d bytes", len(got))
	}
	if got := newTail(8).LastLine(); got != "" {
		t.Errorf("empty: %q", got)
	}
}
