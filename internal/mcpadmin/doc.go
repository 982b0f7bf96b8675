// Package mcpadmin is what `wtagent mcp add|list|remove` do: the config
// file's MCP servers added and removed (the rest of the file untouched),
// and each server connected to, in parallel, to list its state and tools.
package mcpadmin
