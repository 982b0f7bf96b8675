package acp

import (
	"testing"

	sdk "github.com/coder/acp-go-sdk"
)

// TestToolPresentation: each tool's ACP kind and the title its main
// argument gives it.
func TestToolPresentation(t *testing.T) {
	tests := []struct {
		tool  string
		args  map[string]any
		kind  sdk.ToolKind
		title string
	}{
		{"fs.read", map[string]any{"path": "a.go"}, sdk.ToolKindRead, "fs.read a.go"},
		{"fs.patch", map[string]any{"path": "a.go", "patch": "..."}, sdk.ToolKindEdit, "fs.patch a.go"},
		{"fs.search", map[string]any{"pattern": "TODO"}, sdk.ToolKindSearch, "fs.search TODO"},
		{"terminal.exec", map[string]any{"program": "go", "argv": []any{"test", "./..."}}, sdk.ToolKindExecute, "terminal.exec go test ./..."},
		{"process.start", map[string]any{"program": "npm", "argv": []any{"run", "dev"}}, sdk.ToolKindExecute, "process.start npm run dev"},
		{"mcp.docs.search", nil, sdk.ToolKindOther, "mcp.docs.search"},
	}
	for _, tc := range tests {
		if k, title := toolKind(tc.tool), callTitle(tc.tool, tc.args); k != tc.kind || title != tc.title {
			t.Errorf("%s: kind %s title %q, want %s %q", tc.tool, k, title, tc.kind, tc.title)
		}
	}
}
