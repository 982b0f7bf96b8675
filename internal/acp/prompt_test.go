package acp

import (
	"strings"
	"testing"

	sdk "github.com/coder/acp-go-sdk"
)

// TestPromptTask: a prompt's blocks as the task: text as it is, an
// embedded text resource quoted under its project path, a linked project
// file as an @path attachment; what wtagent cannot take is an error.
func TestPromptTask(t *testing.T) {
	root := "/work/proj"
	text := func(uri, body string) sdk.ContentBlock {
		return sdk.ResourceBlock(sdk.EmbeddedResourceResource{TextResourceContents: &sdk.TextResourceContents{Uri: uri, Text: body}})
	}
	tests := []struct {
		name    string
		blocks  []sdk.ContentBlock
		want    string
		wantErr string
	}{
		{"text", []sdk.ContentBlock{sdk.TextBlock(" fix the build ")}, "fix the build", ""},
		{"link in the project", []sdk.ContentBlock{sdk.TextBlock("explain"), sdk.ResourceLinkBlock("main.go", "file:///work/proj/cmd/main.go")},
			"explain\n\n@cmd/main.go", ""},
		{"link outside", []sdk.ContentBlock{sdk.TextBlock("read"), sdk.ResourceLinkBlock("hosts", "file:///etc/hosts")},
			"read\n\nhosts (file:///etc/hosts)", ""},
		{"link with a space", []sdk.ContentBlock{sdk.ResourceLinkBlock("a b.txt", "file:///work/proj/a%20b.txt")},
			"a b.txt (file:///work/proj/a%20b.txt)", ""},
		{"embedded", []sdk.ContentBlock{sdk.TextBlock("why?"), text("file:///work/proj/go.mod", "module x\n")},
			"why?\n\nContents of go.mod:\n```\nmodule x\n```", ""},
		{"embedded elsewhere", []sdk.ContentBlock{text("untitled:1", "scratch")}, "Contents of untitled:1:\n```\nscratch\n```", ""},
		{"image", []sdk.ContentBlock{sdk.ImageBlock("AAAA", "image/png")}, "", "prompt block 0: wtagent takes text"},
		{"blob", []sdk.ContentBlock{sdk.ResourceBlock(sdk.EmbeddedResourceResource{BlobResourceContents: &sdk.BlobResourceContents{Uri: "file:///work/proj/x.bin", Blob: "AA=="}})},
			"", "no images, audio or binary resources"},
		{"empty", []sdk.ContentBlock{sdk.TextBlock("  ")}, "", "the prompt holds no text"},
		{"none", nil, "", "the prompt holds no text"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := promptTask(root, tc.blocks)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("promptTask = %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}

// TestMessageProblem: the lines the agent answers itself (the SDK would
// drop them), and the messages it passes on.
func TestMessageProblem(t *testing.T) {
	tests := []struct {
		line   string
		code   int
		wantID string
	}{
		{`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`, 0, ""},
		{`{"jsonrpc":"2.0","method":"session/cancel","params":{}}`, 0, ""},
		{`{"jsonrpc":"2.0","id":"a","result":{}}`, 0, ""},
		{`{"jsonrpc":"2.0","id":"a","error":{"code":1,"message":"x"}}`, 0, ""},
		{"   ", 0, ""},
		{`{"jsonrpc":"2.0",`, -32700, ""},
		{`"just a string"`, -32600, ""},
		{`{"jsonrpc":"2.0","id":1,"method":7}`, -32600, ""},
		{`{"id":3,"method":"initialize"}`, -32600, "3"},
		{`{"jsonrpc":"2.0","id":4,"method":""}`, -32600, "4"},
		{`{"jsonrpc":"2.0","params":{}}`, -32600, ""},
		{`{"jsonrpc":"2.0","id":5}`, -32600, "5"},
	}
	for _, tc := range tests {
		id, problem := messageProblem([]byte(tc.line))
		code := 0
		if problem != nil {
			code = problem.Code
		}
		if code != tc.code || string(id) != tc.wantID {
			t.Errorf("messageProblem(%s) = id %s, %v; want code %d id %q", tc.line, id, problem, tc.code, tc.wantID)
		}
	}
}
