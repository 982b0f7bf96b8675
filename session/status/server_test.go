package status

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/messages"
)

// socketDir is a short directory for sockets (a unix socket's path is
// limited to about a hundred bytes).
func socketDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "st")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// get asks the server on the socket at path for the status.
func get(t *testing.T, path string) (int, string) {
	t.Helper()
	c := &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, "unix", path)
	}}}
	resp, err := c.Get("http://wtagent/v1/status")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

// serve listens on path with query and serves until the test ends.
func serve(t *testing.T, path string, query func() (messages.Status, error)) *Server {
	t.Helper()
	s, err := Listen(path, query, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { s.Serve(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return s
}

// TestServerAnswersStatus: GET /v1/status is the owner's snapshot as
// JSON, or 503 when the owner does not answer; the socket is the user's
// alone and is removed on Close.
func TestServerAnswersStatus(t *testing.T) {
	path := filepath.Join(socketDir(t), "status.sock")
	busy := false
	s := serve(t, path, func() (messages.Status, error) {
		if busy {
			return messages.Status{}, errors.New("timeout")
		}
		return messages.Status{SessionID: "sess1", Turn: 3, Live: true}, nil
	})
	if fi, err := os.Lstat(path); err != nil || runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600 {
		t.Fatalf("socket mode: %v, %v", fi, err)
	}
	code, body := get(t, path)
	var st messages.Status
	if code != http.StatusOK || json.Unmarshal([]byte(body), &st) != nil || st.SessionID != "sess1" || st.Turn != 3 || !st.Live {
		t.Fatalf("GET = %d %s", code, body)
	}
	busy = true
	if code, body := get(t, path); code != http.StatusServiceUnavailable || !strings.Contains(body, "busy or unavailable") {
		t.Fatalf("GET with the owner busy = %d %s", code, body)
	}
	s.Close()
	if _, err := os.Lstat(path); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("socket after Close: %v", err)
	}
}

// TestListenSocketPath: a stale socket (no server) is replaced; a live
// one, or a file that is not a socket, is an error.
func TestListenSocketPath(t *testing.T) {
	dir := socketDir(t)
	ok := func() (messages.Status, error) { return messages.Status{SessionID: "new"}, nil }

	stale := filepath.Join(dir, "stale.sock")
	ln, err := net.Listen("unix", stale)
	if err != nil {
		t.Fatal(err)
	}
	ln.(*net.UnixListener).SetUnlinkOnClose(false)
	ln.Close()
	serve(t, stale, ok)
	if code, body := get(t, stale); code != http.StatusOK || !strings.Contains(body, `"new"`) {
		t.Fatalf("GET after replacing a stale socket = %d %s", code, body)
	}

	if _, err := Listen(stale, ok, slog.New(slog.DiscardHandler)); err == nil || !strings.Contains(err.Error(), "another process serves") {
		t.Fatalf("Listen on a live socket: %v", err)
	}

	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Listen(file, ok, slog.New(slog.DiscardHandler)); err == nil || !strings.Contains(err.Error(), "is not a socket") {
		t.Fatalf("Listen on a file: %v", err)
	}
}
