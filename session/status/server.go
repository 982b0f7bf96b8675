package status

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"runtime"
	"time"

	"github.com/wtagent/wtagent/messages"
)

// Server serves the session's status as JSON over HTTP on a unix socket
// (mode 0600 in a 0700 directory; on Windows an AF_UNIX socket, Windows 10
// 1803 or later, whose file Lstat reports as a socket, so a stale one is
// found and removed the same way): GET /v1/status. Handlers ask the
// status's owner through query (the status actor, with a short timeout)
// and never read state themselves.
type Server struct {
	path string
	ln   net.Listener
	srv  *http.Server
}

// Listen listens on the socket at path, removing a stale one first; a
// live one is an error (another process serves this session).
func Listen(path string, query func() (messages.Status, error), log *slog.Logger) (*Server, error) {
	if err := removeStaleSocket(path); err != nil {
		return nil, err
	}
	ln, err := net.Listen("unix", path)
	if err != nil {
		return nil, fmt.Errorf("listen on status socket: %w", err)
	}
	// On Windows (AF_UNIX since Windows 10 1803) a mode means nothing: the
	// socket file inherits the ACL of the data root under %APPDATA%, which
	// only the user (and administrators) may open, and connecting needs
	// write access to it.
	if runtime.GOOS != "windows" {
		if err := os.Chmod(path, 0o600); err != nil {
			ln.Close()
			return nil, fmt.Errorf("status socket mode: %w", err)
		}
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /v1/status", func(w http.ResponseWriter, r *http.Request) {
		st, err := query()
		if err != nil {
			http.Error(w, `{"error":"status actor busy or unavailable"}`, http.StatusServiceUnavailable)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(st)
	})
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 2 * time.Second, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	return &Server{path: path, ln: ln, srv: srv}, nil
}

// Serve serves until the server is closed or ctx ends.
func (s *Server) Serve(ctx context.Context) {
	stop := context.AfterFunc(ctx, func() { s.srv.Close() })
	defer stop()
	_ = s.srv.Serve(s.ln) // ErrServerClosed once Close or ctx ends it
}

// Close stops the server and removes its socket.
func (s *Server) Close() {
	s.srv.Close()
	os.Remove(s.path)
}

// removeStaleSocket removes a socket file that no live server answers on;
// a live one is an error (another process serves this session).
func removeStaleSocket(path string) error {
	fi, err := os.Lstat(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if fi.Mode()&os.ModeSocket == 0 {
		return fmt.Errorf("%s exists and is not a socket", path)
	}
	if c, err := net.DialTimeout("unix", path, 200*time.Millisecond); err == nil {
		c.Close()
		return fmt.Errorf("another process serves %s", path)
	}
	return os.Remove(path)
}
