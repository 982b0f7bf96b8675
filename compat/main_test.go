//go:build compat

package compat

import (
	"os"
	"testing"

	"github.com/wtagent/wtagent/internal/mcptest"
)

// TestMain lets the test binary serve as an MCP server (internal/mcptest):
// the ACP client gives it to wtagent as the editor's server.
func TestMain(m *testing.M) {
	mcptest.ServeIfAsked()
	os.Exit(m.Run())
}
