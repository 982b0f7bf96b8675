package export

import "strings"

// mcpName is the name both CLIs give an MCP server's tool, mcp__SERVER__TOOL,
// for wtagent's mcp.SERVER.TOOL: the call exports as the MCP call it is,
// its arguments unchanged. ok is false for other tools.
func mcpName(tool string) (string, bool) {
	rest, ok := strings.CutPrefix(tool, "mcp.")
	server, name, found := strings.Cut(rest, ".")
	if !ok || !found || server == "" || name == "" {
		return "", false
	}
	return descriptiveName("mcp__" + server + "__" + name), true
}
