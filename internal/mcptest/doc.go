// Package mcptest is for tests only: a real MCP server (Go SDK) with a
// small set of tools (echo, add, getenv, write_note, crash, hang, image,
// tag, spawn), served on stdio by a test binary started again with
// WTAGENT_MCPTEST_SERVE=1 (Command, ServeIfAsked) or over streamable HTTP
// on a loopback server (ServeHTTP).
package mcptest
