package mcpclient

import (
	"testing"

	"go.uber.org/goleak"

	"github.com/wtagent/wtagent/internal/mcptest"
)

// TestMain serves mcptest's server when the binary is started as one, and
// otherwise runs the tests and fails on goroutines they leak.
func TestMain(m *testing.M) {
	mcptest.ServeIfAsked()
	goleak.VerifyTestMain(m)
}
