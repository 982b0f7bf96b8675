package mcpclient

import (
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// toolPrefix starts the name of every MCP tool in a run.
const toolPrefix = "mcp."

// ToolName is the name of a server's tool in a run: mcp.SERVER.TOOL.
func ToolName(server, tool string) string {
	return toolPrefix + server + "." + tool
}

// SplitToolName splits mcp.SERVER.TOOL; the server's part has no dots, the
// tool's is the rest (it may have dots). ok is false for any other name.
func SplitToolName(name string) (server, tool string, ok bool) {
	rest, ok := strings.CutPrefix(name, toolPrefix)
	if !ok {
		return "", "", false
	}
	server, tool, ok = strings.Cut(rest, ".")
	if !ok || server == "" || tool == "" {
		return "", "", false
	}
	return server, tool, true
}

// ReadOnly reports whether the tool says it changes nothing
// (readOnlyHint). It is the server's claim, to be trusted only where the
// user's config says so.
func ReadOnly(t *mcp.Tool) bool {
	return t.Annotations != nil && t.Annotations.ReadOnlyHint
}

// Destructive reports whether the tool may destroy what it changes: not
// read-only, and destructiveHint true or absent (MCP's default). Like
// ReadOnly, it is the server's claim.
func Destructive(t *mcp.Tool) bool {
	if ReadOnly(t) {
		return false
	}
	return t.Annotations == nil || t.Annotations.DestructiveHint == nil || *t.Annotations.DestructiveHint
}
