package browser

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"charm.land/log/v2"
	"go.uber.org/goleak"

	"github.com/wtagent/wtagent/browser/chrome"
	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
)

func TestMain(m *testing.M) {
	code := m.Run()
	shared.close()
	if code == 0 {
		if err := goleak.Find(); err != nil {
			os.Stderr.WriteString("goleak: " + err.Error() + "\n")
			code = 1
		}
	}
	os.Exit(code)
}

// chromium returns the browser binary for the tests, or skips (fails when
// WTAGENT_REQUIRE_BROWSER=1, except under -short, where it always skips).
func chromium(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("browser test: starts Chromium; not under -short")
	}
	if f, err := chrome.Discover(os.Getenv, "linux"); err == nil {
		return f.Path
	}
	if p, err := exec.LookPath("chromium"); err == nil {
		return p
	}
	if os.Getenv("WTAGENT_REQUIRE_BROWSER") == "1" {
		t.Fatal("no Chromium found and WTAGENT_REQUIRE_BROWSER=1")
	}
	t.Skip("no Chromium found (set WTAGENT_CHROME)")
	return ""
}

// testLogger logs to the test when -v, else discards.
func testLogger(t testing.TB) *log.Logger {
	if testing.Verbose() && os.Getenv("WTAGENT_TEST_LOG") != "" {
		return log.NewWithOptions(os.Stderr, log.Options{Level: log.DebugLevel, ReportTimestamp: true, TimeFormat: "15:04:05.000"})
	}
	return log.New(io.Discard)
}

// script builds script lines.
func script(lines ...model.ScriptLine) []model.ScriptLine {
	for i := range lines {
		lines[i].Line = i + 1
	}
	return lines
}

// newMock starts a mock ChatGPT server.
func newMock(t testing.TB, opts mockchat.Options) (*mockchat.Server, string) {
	t.Helper()
	srv := mockchat.New(opts)
	url, err := srv.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	return srv, url
}

// testOptions are Options for a headless test Transport.
func testOptions(t testing.TB, base string) Options {
	dir := t.TempDir()
	return Options{
		ChromePath:         chromium(t),
		ProfileDir:         filepath.Join(dir, "profile"),
		DiagnosticsDir:     filepath.Join(dir, "diagnostics"),
		BaseURL:            base,
		Headless:           true,
		StepTimeout:        30 * time.Second, // hang guards: a loaded machine is slow, not broken
		DeadRequestTimeout: 2 * time.Minute,
		EmptyTimeout:       10 * time.Second,
		LoginTimeout:       2 * time.Minute,
		TurnTimeout:        hangGuard,
		Logger:             testLogger(t),
	}
}

// states records state callbacks.
type states struct {
	mu   sync.Mutex
	seen []messages.ModelStateChanged
	ch   chan messages.ModelStateChanged
}

func newStates() *states { return &states{ch: make(chan messages.ModelStateChanged, 64)} }

func (s *states) record(st messages.ModelStateChanged) {
	s.mu.Lock()
	s.seen = append(s.seen, st)
	s.mu.Unlock()
	select {
	case s.ch <- st:
	default:
	}
}

// wait waits for a state.
func (s *states) wait(t testing.TB, want event.ModelState, d time.Duration) messages.ModelStateChanged {
	t.Helper()
	timer := time.NewTimer(d)
	defer timer.Stop()
	for {
		select {
		case st := <-s.ch:
			if st.State == want {
				return st
			}
		case <-timer.C:
			t.Fatalf("no %s state within %s; saw %v", want, d, s.all())
			return messages.ModelStateChanged{}
		}
	}
}

func (s *states) all() []event.ModelState {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []event.ModelState
	for _, st := range s.seen {
		out = append(out, st.State)
	}
	return out
}

// startTransport starts a Transport of its own for the test.
func startTransport(t testing.TB, opts Options, st *states) *Transport {
	t.Helper()
	tr := New(opts)
	t.Cleanup(func() { tr.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
	defer cancel()
	var cb func(messages.ModelStateChanged)
	if st != nil {
		cb = st.record
	}
	if err := tr.Start(ctx, cb); err != nil {
		t.Fatalf("Start: %v", err)
	}
	return tr
}

// sharedTransport is one Chrome for the tests that need no browser of
// their own; each test points it at its own mock server.
type sharedTransport struct {
	mu sync.Mutex
	tr *Transport
}

var shared sharedTransport

func (s *sharedTransport) close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tr != nil {
		s.tr.Close()
		os.RemoveAll(filepath.Dir(s.tr.opts.ProfileDir))
		s.tr = nil
	}
}

// use returns the shared Transport pointed at base with a fresh
// conversation open, and opts' timing applied.
func (s *sharedTransport) use(t testing.TB, base string, tune func(*Options)) *Transport {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tr != nil && s.tr.BrowserPID() == 0 {
		s.tr.Close()
		s.tr = nil
	}
	if s.tr == nil {
		dir, err := os.MkdirTemp("", "wtagent-browser-test-")
		if err != nil {
			t.Fatal(err)
		}
		o := testOptions(t, base)
		o.ProfileDir = filepath.Join(dir, "profile")
		o.DiagnosticsDir = filepath.Join(dir, "diagnostics")
		s.tr = New(o)
		ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
		err = s.tr.Start(ctx, nil)
		cancel()
		if err != nil {
			t.Fatalf("Start: %v", err)
		}
	}
	o := testOptions(t, base)
	o.ProfileDir, o.DiagnosticsDir = s.tr.opts.ProfileDir, t.TempDir()
	if tune != nil {
		tune(&o)
	}
	s.tr.mu.Lock()
	s.tr.opts = o.withDefaults()
	s.tr.state = nil
	s.tr.inlineCap = 0
	s.tr.sent = make(map[string]sentRecord)
	s.tr.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
	defer cancel()
	if _, err := s.tr.Open(ctx, ""); err != nil {
		t.Fatalf("Open: %v", err)
	}
	return s.tr
}

// ctxFor returns a test context with a deadline.
// hangGuard bounds a test's waits: they end on their event, and the guard
// only turns a hang into a failure, however loaded the machine.
const hangGuard = 3 * time.Minute

func ctxFor(t testing.TB, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// send sends text and awaits the reply.
func roundTrip(t *testing.T, tr *Transport, turn int, text string) (event.Binding, event.Reply) {
	t.Helper()
	ctx := ctxFor(t, hangGuard)
	b, err := tr.Send(ctx, messages.Outbound{Turn: turn, Kind: event.OutboundFollowUp, Text: text})
	if err != nil {
		t.Fatalf("Send: %v", err)
	}
	r, err := tr.Await(ctx, b, nil)
	if err != nil {
		t.Fatalf("Await: %v", err)
	}
	return b, r
}

// firstDiff describes where two strings differ.
func firstDiff(got, want string) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	lo := max(0, i-30)
	return fmt.Sprintf("lengths %d/%d, first difference at byte %d: got %q, want %q",
		len(got), len(want), i, got[lo:min(len(got), i+30)], want[lo:min(len(want), i+30)])
}
