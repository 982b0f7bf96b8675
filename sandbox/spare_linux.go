package sandbox

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/wtagent/wtagent/sandbox/internal/nsinit"
)

// errSpare is a spare that could not serve: the program starts the cold
// way.
var errSpare = errors.New("spare init")

// spares holds a session's spare init: one init prepared ahead of need
// (namespaces, covers, masks, /proc and the ruleset's /proc rule done)
// that starts the next program without a process start and a Go
// runtime's of its own on the caller's path (see package nsinit's spare).
// A spare serves one program, as a cold init does; once it has started
// one, the next spare is prepared in the background.
type spares struct {
	mu sync.Mutex
	// next is the spare prepared or being prepared, nil if none.
	next *spare
	// closed: the sandbox is closed; off: spares are not used (the
	// architecture has none, or a test wants the cold path).
	closed, off bool
	// served, refused and cold count the starts by a spare, the spares
	// that refused (their covers no longer held) and the cold starts.
	served, refused, cold atomic.Int64
}

// spare is one spare init.
type spare struct {
	// key is the settings it was prepared with (spareKey).
	key string
	// ready is closed once the spare reported ready (err nil) or could
	// not be prepared (err says why; nothing is left running then).
	ready chan struct{}
	err   error
	cmd   *exec.Cmd
	// conn is wtagent's end of the spare's socket; status reads it.
	conn   *os.File
	status *bufio.Reader
	// mounts holds the spare's mount namespace (see releaseMounts).
	mounts *os.File
}

// spareKey is the settings a spare is prepared with: the init binary and
// the init's command line (covers, masks, network, ids). A spare is used
// only for a start with exactly these.
func spareKey(init string, c nsinit.Config) string {
	c.Spare, c.Dir, c.Extra, c.Path, c.Argv = true, "", 0, "", nil
	return init + "\x00" + strings.Join(c.Args(), "\x00")
}

// take returns the spare prepared (or being prepared) with key, or nil;
// a spare prepared with other settings is killed.
func (sp *spares) take(key string) *spare {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	s := sp.next
	if s == nil || sp.off || sp.closed {
		return nil
	}
	sp.next = nil
	if s.key != key {
		go s.kill()
		return nil
	}
	return s
}

// spareSettle is how long a program runs before the next spare is
// prepared beside it, if it has not ended by then.
const spareSettle = 250 * time.Millisecond

// refillAfter prepares the next spare, with c's settings, once p ends or
// has run for spareSettle: on a loaded machine a short command then does
// not share the CPU with the next spare's start (a process start and a
// Go runtime's), and a long one (a dev server) still finds a spare
// ready for the command after it.
func (s *Sandbox) refillAfter(p *Program, c nsinit.Config) {
	t := time.AfterFunc(spareSettle, func() { s.refill(c) })
	wait := p.wait
	p.wait = func() (Exit, error) {
		exit, err := wait()
		t.Stop()
		s.refill(c)
		return exit, err
	}
}

// refill prepares a spare with c's settings in the background unless
// one is there already.
func (s *Sandbox) refill(c nsinit.Config) {
	sp := &s.kernel.spares
	key := spareKey(s.kernel.init, c)
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if sp.off || sp.closed || !nsinit.SpareSupported || sp.next != nil && sp.next.key == key {
		return
	}
	if old := sp.next; old != nil {
		go old.kill()
	}
	n := &spare{key: key, ready: make(chan struct{})}
	sp.next = n
	init := s.kernel.init
	go func() {
		defer close(n.ready)
		n.err = s.launchSpare(n, init, c)
	}()
}

// kill ends the spare (once prepared) and reaps it.
func (n *spare) kill() {
	<-n.ready
	n.reap()
}

// reap closes the spare's socket (it ends on that), kills and reaps it.
func (n *spare) reap() {
	if n.conn != nil {
		n.conn.Close()
	}
	if n.cmd != nil && n.cmd.Process != nil {
		_ = n.cmd.Process.Kill()
		_ = n.cmd.Wait()
	}
	n.releaseMounts()
}

// close kills the idle spare and prepares no more.
func (sp *spares) close() {
	sp.mu.Lock()
	n := sp.next
	sp.next, sp.closed = nil, true
	sp.mu.Unlock()
	if n != nil {
		n.kill()
	}
}

// readySpare waits for the spare being prepared and returns it (nil if
// none, or it failed); for tests and benchmarks.
func (sp *spares) readySpare() *spare {
	sp.mu.Lock()
	n := sp.next
	sp.mu.Unlock()
	if n == nil {
		return nil
	}
	<-n.ready
	if n.err != nil {
		return nil
	}
	return n
}

// stop kills the idle spare and prepares no more: every program starts
// cold (for tests of the cold path).
func (sp *spares) stop() {
	sp.mu.Lock()
	sp.off = true
	n := sp.next
	sp.next = nil
	sp.mu.Unlock()
	if n != nil {
		n.kill()
	}
}

// setInit makes path the binary each init runs (benchmarks: a release
// build of wtagent) and prepares the spare again with it.
func (s *Sandbox) setInit(path string) {
	s.kernel.init = path
	if s.kernel.userns {
		s.refill(s.initConfig())
	}
}
