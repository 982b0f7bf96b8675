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
	return ServeHTTPWithHeader(t, "", "")
}

// ServeHTTPWithHeader is ServeHTTP's server that answers 401 to a request
// whose header name is not value (no check when name is empty).
func ServeHTTPWithHeader(t testing.TB, name, value string) string {
	t.Helper()
	s := newServer(false)
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if name != "" && r.Header.Get(name) != value {
			http.Error(w, "mcptest: missing header "+name, http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(func() {
		srv.CloseClientConnections()
		srv.Close()
	})
	return srv.URL
}
