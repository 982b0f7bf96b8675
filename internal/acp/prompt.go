package acp

import (
	"net/url"
	"path/filepath"
	"strings"

	sdk "github.com/coder/acp-go-sdk"
)

// promptTask is the task of a prompt: its text, each embedded text
// resource quoted under its path, and each linked project file as an
// @path attachment.
func promptTask(root string, blocks []sdk.ContentBlock) (string, error) {
	var parts []string
	for i, b := range blocks {
		switch {
		case b.Text != nil:
			parts = append(parts, b.Text.Text)
		case b.ResourceLink != nil:
			parts = append(parts, linkText(root, b.ResourceLink.Uri, b.ResourceLink.Name))
		case b.Resource != nil && b.Resource.Resource.TextResourceContents != nil:
			r := b.Resource.Resource.TextResourceContents
			parts = append(parts, "Contents of "+displayPath(root, r.Uri)+":\n```\n"+strings.TrimRight(r.Text, "\n")+"\n```")
		default:
			return "", invalidParams("prompt block %d: wtagent takes text, text resources and resource links (no images, audio or binary resources)", i)
		}
	}
	task := strings.TrimSpace(strings.Join(parts, "\n\n"))
	if task == "" {
		return "", invalidParams("the prompt holds no text")
	}
	return task, nil
}

// linkText is a resource link in the task: @path for a file in the
// project (an attachment), else its name and URI.
func linkText(root, uri, name string) string {
	if rel, ok := projectPath(root, uri); ok {
		return "@" + rel
	}
	return name + " (" + uri + ")"
}

// displayPath is a resource's path relative to the project, or its URI.
func displayPath(root, uri string) string {
	if rel, ok := projectPath(root, uri); ok {
		return rel
	}
	return uri
}

// projectPath is a file: URI's path relative to root, when it is inside.
func projectPath(root, uri string) (string, bool) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" || u.Path == "" {
		return "", false
	}
	rel, err := filepath.Rel(root, filepath.Clean(u.Path))
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || strings.ContainsAny(rel, " \t\n") {
		return "", false
	}
	return filepath.ToSlash(rel), true
}
