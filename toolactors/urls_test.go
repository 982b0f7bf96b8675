package toolactors

import (
	"strings"
	"testing"

	"github.com/wtagent/wtagent/internal/termtext"
	"github.com/wtagent/wtagent/toolactors/proc"
)

func TestDetectURLs(t *testing.T) {
	tests := []struct {
		line string
		want []string
	}{
		{"  ➜  Local:   http://localhost:5173/", []string{"http://localhost:5173/"}},
		{"  ➜  Network: http://192.168.1.4:5173/", nil},
		{"ready - started server on 0.0.0.0:3000, url: http://localhost:3000", []string{"http://localhost:3000"}},
		{"Serving HTTP on 0.0.0.0 port 8000 (http://0.0.0.0:8000/) ...", []string{"http://localhost:8000/"}},
		{"Listening at http://127.0.0.1:3000/.", []string{"http://127.0.0.1:3000/"}},
		{"[::1] http://[::1]:4000/app", []string{"http://[::1]:4000/app"}},
		{"docs at https://example.com", nil},
	}
	for _, tc := range tests {
		got := detectURLs(string(termtext.Clean([]byte(tc.line))))
		if strings.Join(got, ",") != strings.Join(tc.want, ",") {
			t.Errorf("%q: %v, want %v", tc.line, got, tc.want)
		}
	}
	var s lineScanner
	lines := s.feed([]byte("\x1b[32mLocal:\x1b[0m http://local"))
	lines = append(lines, s.feed([]byte("host:5173/\r\nnext\n"))...)
	if len(lines) != 2 || detectURLs(lines[0])[0] != "http://localhost:5173/" {
		t.Errorf("split chunks: %q", lines)
	}
}

// TestListenURL: a socket's URL is written the way a server bound there
// prints it, so a line and a socket seen for the same server agree.
func TestListenURL(t *testing.T) {
	tests := []struct {
		ip   string
		port uint32
		want string
	}{
		{"127.0.0.1", 8000, "http://127.0.0.1:8000/"},
		{"0.0.0.0", 3000, "http://localhost:3000/"},
		{"::", 5173, "http://localhost:5173/"},
		{"::1", 4000, "http://[::1]:4000/"},
		{"", 9000, "http://localhost:9000/"},
	}
	for _, tc := range tests {
		if got := proc.ListenURL(tc.ip, tc.port); got != tc.want {
			t.Errorf("proc.ListenURL(%q, %d) = %q, want %q", tc.ip, tc.port, got, tc.want)
		}
	}
	// python3 -m http.server --bind 127.0.0.1 prints this; the socket gives the same URL.
	line := "Serving HTTP on 127.0.0.1 port 8000 (http://127.0.0.1:8000/) ..."
	if got := detectURLs(line); len(got) != 1 || got[0] != proc.ListenURL("127.0.0.1", 8000) {
		t.Errorf("line %v, socket %q", got, proc.ListenURL("127.0.0.1", 8000))
	}
}
