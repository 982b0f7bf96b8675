package mcpclient

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestResultText(t *testing.T) {
	text := func(s string) mcp.Content { return &mcp.TextContent{Text: s} }
	tests := []struct {
		name    string
		r       *mcp.CallToolResult
		limit   int
		want    string
		wantErr bool
	}{
		{"nil", nil, 0, "", false},
		{"texts in order", &mcp.CallToolResult{Content: []mcp.Content{text("a"), text("b")}}, 0, "a\nb", false},
		{"tool error", &mcp.CallToolResult{Content: []mcp.Content{text("no such file")}, IsError: true}, 0, "no such file", true},
		{"image and audio", &mcp.CallToolResult{Content: []mcp.Content{
			&mcp.ImageContent{Data: make([]byte, 1234), MIMEType: "image/png"}, &mcp.AudioContent{Data: []byte{1}}}}, 0,
			"[image image/png, 1234 bytes, not shown]\n[audio of unknown type, 1 bytes, not shown]", false},
		{"embedded text", &mcp.CallToolResult{Content: []mcp.Content{
			&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "file:///a.txt", Text: "hello"}}}}, 0, "file:///a.txt\nhello", false},
		{"embedded blob", &mcp.CallToolResult{Content: []mcp.Content{
			&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "file:///a.bin", MIMEType: "application/zip", Blob: []byte{1, 2, 3}}}}}, 0,
			"[resource file:///a.bin application/zip, 3 bytes, not shown]", false},
		{"link", &mcp.CallToolResult{Content: []mcp.Content{&mcp.ResourceLink{Name: "readme", URI: "file:///README.md"}}}, 0,
			"[resource readme file:///README.md]", false},
		{"structured only", &mcp.CallToolResult{StructuredContent: map[string]any{"sum": 5, "note": "<&>"}}, 0,
			`{"note":"<&>","sum":5}`, false},
		{"structured after other text", &mcp.CallToolResult{Content: []mcp.Content{text("5")},
			StructuredContent: map[string]any{"sum": 5}}, 0, "5\n{\"sum\":5}", false},
		{"structured duplicated by a text", &mcp.CallToolResult{Content: []mcp.Content{text("{\n  \"sum\": 5\n}")},
			StructuredContent: json.RawMessage(`{"sum":5}`)}, 0, "{\n  \"sum\": 5\n}", false},
		{"cut", &mcp.CallToolResult{Content: []mcp.Content{text("0123456789")}}, 4,
			"0123\n… [wtagent: 6 more bytes of the result left out]", false},
		{"cut on a rune", &mcp.CallToolResult{Content: []mcp.Content{text("aé€b")}}, 3,
			"aé\n… [wtagent: 4 more bytes of the result left out]", false},
		{"cut inside the first rune", &mcp.CallToolResult{Content: []mcp.Content{text("€€")}}, 2,
			"\n… [wtagent: 6 more bytes of the result left out]", false},
		{"at the limit", &mcp.CallToolResult{Content: []mcp.Content{text("abcd")}}, 4, "abcd", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, isErr := ResultText(tc.r, tc.limit)
			if got != tc.want || isErr != tc.wantErr {
				t.Errorf("ResultText = %q, %v; want %q, %v", got, isErr, tc.want, tc.wantErr)
			}
		})
	}
}

// TestResultTextOverTheWire: a result that went through JSON (as a
// client gets it) renders the same.
func TestResultTextOverTheWire(t *testing.T) {
	sent := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "5"}, &mcp.ImageContent{Data: []byte("png"), MIMEType: "image/png"}},
		StructuredContent: map[string]any{"sum": 5}}
	b, err := json.Marshal(sent)
	if err != nil {
		t.Fatal(err)
	}
	var got mcp.CallToolResult
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	text, _ := ResultText(&got, 0)
	if want := "5\n[image image/png, 3 bytes, not shown]\n{\"sum\":5}"; text != want || !strings.Contains(string(b), "structuredContent") {
		t.Fatalf("%q, want %q", text, want)
	}
}
