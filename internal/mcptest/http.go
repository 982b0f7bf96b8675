package mcptest

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ServeHTTP serves the same tools over streamable HTTP on a loopback
// server and returns its URL; the server closes when the test ends. Its
// crash tool answers with a tool error instead of ending the test process.
func ServeHTTP(t testing.TB) string {
	t.Helper()
	s := newServer(false)
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil))
	t.Cleanup(func() {
		srv.CloseClientConnections()
		srv.Close()
	})
	return srv.URL
}
