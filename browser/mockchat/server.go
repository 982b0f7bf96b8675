package mockchat

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/wtagent/wtagent/model"
)

// ErrClosed is returned by Start and the wait helpers after Close.
var ErrClosed = errors.New("mockchat: server closed")

// Server is the mock ChatGPT site. It is an http.Handler (for httptest) and
// can serve itself (Start). All methods are safe for concurrent use.
type Server struct {
	opts   Options
	models []Model
	mux    *http.ServeMux
	pages  *pages

	ctx    context.Context // cancelled by Close: stops generators and streams
	cancel context.CancelFunc
	wg     sync.WaitGroup // generators and the Start goroutine

	// instance names this server's page state in the browser's storage,
	// so a later server on a reused port starts from its own defaults.
	instance string

	closeOnce sync.Once
	mu        sync.Mutex
	changed   chan struct{} // closed and replaced on every state change
	closed    bool
	httpSrv   *http.Server

	loggedIn  bool
	token     string
	logins    int
	challenge bool
	broken    map[string]bool
	// readLimit is Options.ReadRetryAfter's window: reads answer 429 until
	// until; n counts them.
	readLimit struct {
		opened bool
		until  time.Time
		n      int
	}

	heldReplies chan struct{} // non-nil while HoldReplies holds; closed by its release
	heldStream  chan struct{} // non-nil while HoldStream holds; closed by its release
	// heldResponse holds the answer of POST heldResponseN (HoldResponse).
	heldResponse  chan struct{}
	heldResponseN int
	heldStreamN   int           // the reply HoldStream holds (from 1)
	heldLine      chan struct{} // the same for HoldLine
	heldLineN     int           // the script line HoldLine holds
	heldUploads   chan struct{} // the same for HoldUploads

	cur   cursor  // where the script stands (every chat shares it unless ScriptPerChat)
	fresh *cursor // with ScriptPerChat: the cursor of the next new chat
	// agents are the sub-agents' cursors by route (agentRoute);
	// mainStarted is set once a main conversation exists.
	agents      map[string]*cursor
	mainStarted bool

	convs    map[string]*conversation
	wsTurns  map[string]*reply // by WebSocket topic: raw lines with "ws" frames
	files    map[string]*storedFile
	received []Received
	stats    []*MessageStats
	sends    int
	streams  int
}

// New returns a server for opts. It starts no goroutine until it is served.
func New(opts Options) *Server {
	ctx, cancel := context.WithCancel(context.Background())
	models := opts.Models
	if models == nil {
		models = DefaultModels()
	}
	s := &Server{
		instance: rand.Text(),
		opts:     opts,
		models:   models,
		ctx:      ctx,
		cancel:   cancel,
		changed:  make(chan struct{}),
		broken:   map[string]bool{},
		convs:    map[string]*conversation{},
		wsTurns:  map[string]*reply{},
		files:    map[string]*storedFile{},
		pages:    newPages(),
		agents:   map[string]*cursor{},
	}
	s.cur, s.fresh = *s.mainCursor(), s.mainCursor()
	if opts.LoggedIn {
		s.logIn()
	}
	s.mux = s.routes()
	return s
}

// mainCursor is a fresh cursor over the main conversation's lines (those
// without an agent).
func (s *Server) mainCursor() *cursor {
	return &cursor{lines: model.MainLines(s.opts.Script)}
}

// CheckScript reports the first script line whose fault the mock does not
// know, so a developer learns it before the page does.
func CheckScript(lines []model.ScriptLine) error {
	for _, l := range lines {
		if l.Fault != "" && !knownFault(l.Fault) {
			return &model.ScriptError{Line: l.Line, Err: fmt.Errorf("unknown fault %q (known: %v)", l.Fault, Faults())}
		}
	}
	return nil
}

func knownFault(name string) bool {
	for _, f := range Faults() {
		if f == name {
			return true
		}
	}
	return false
}

// Start listens on addr ("127.0.0.1:0" for a free port) and serves in the
// background until Close. It returns the base URL, "http://host:port".
func (s *Server) Start(addr string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return "", ErrClosed
	}
	if s.httpSrv != nil {
		return "", errors.New("mockchat: already started")
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", fmt.Errorf("mockchat: listen: %w", err)
	}
	s.httpSrv = &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 10 * time.Second,
		BaseContext:       func(net.Listener) context.Context { return s.ctx },
	}
	srv := s.httpSrv
	s.wg.Go(func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			s.logf("serve: %v", err)
		}
	})
	return "http://" + ln.Addr().String(), nil
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.logf("%s %s", r.Method, r.URL.RequestURI())
	s.mux.ServeHTTP(w, r)
}

// Close stops every generator and stream, shuts the listener of Start down
// and waits for the server's goroutines. It is idempotent.
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		s.mu.Lock()
		s.closed = true
		srv := s.httpSrv
		s.bumpLocked()
		s.mu.Unlock()
		s.cancel()
		if srv != nil {
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
			if err := srv.Shutdown(ctx); err != nil {
				srv.Close()
			}
			cancel()
		}
		s.wg.Wait()
	})
}

// bumpLocked wakes everyone waiting for a state change. s.mu must be held.
func (s *Server) bumpLocked() {
	close(s.changed)
	s.changed = make(chan struct{})
}

func (s *Server) logf(format string, args ...any) {
	if s.opts.Logf != nil {
		s.opts.Logf(format, args...)
	}
}

// logIn starts a new session with a fresh access token. s.mu must be held
// (or the server not yet shared).
func (s *Server) logIn() {
	s.loggedIn = true
	s.logins++
	s.token = fmt.Sprintf("mock-access-token-%d-%s", s.logins, randHex(12))
}

// logOut ends the session; the old token stops working.
func (s *Server) logOut() {
	s.loggedIn = false
	s.token = ""
}
