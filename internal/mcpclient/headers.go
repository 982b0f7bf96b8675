package mcpclient

import (
	"maps"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// httpTransport is the streamable HTTP transport to url, each request
// carrying headers (a token the server wants).
func httpTransport(url string, headers map[string]string) *mcp.StreamableClientTransport {
	t := &mcp.StreamableClientTransport{Endpoint: url}
	if len(headers) > 0 {
		t.HTTPClient = &http.Client{Transport: headerTripper{headers: maps.Clone(headers), next: http.DefaultTransport}}
	}
	return t
}

// headerTripper adds its headers to each request.
type headerTripper struct {
	headers map[string]string
	next    http.RoundTripper
}

// RoundTrip implements http.RoundTripper on a copy of r (a RoundTripper
// must not change its request).
func (h headerTripper) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	for k, v := range h.headers {
		r.Header.Set(k, v)
	}
	return h.next.RoundTrip(r)
}
