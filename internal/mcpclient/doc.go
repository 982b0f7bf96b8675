// Package mcpclient is wtagent's client of one of the user's MCP servers
// (Go SDK v1.8.0): Connect starts a stdio server in its own process group
// (or reaches a streamable HTTP one), initializes and lists its tools;
// Call calls one with a timeout; Close ends the server's whole process
// tree. It also names MCP tools in a run (mcp.SERVER.TOOL) and renders a
// call's result as text (ResultText).
package mcpclient
