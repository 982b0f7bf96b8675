package mcp

import (
	"os"
	"testing"

	"github.com/wtagent/wtagent/internal/mcptest"
)

// TestMain serves mcptest's MCP server when `mcp list` starts this binary
// as one.
func TestMain(m *testing.M) {
	mcptest.ServeIfAsked()
	os.Exit(m.Run())
}
