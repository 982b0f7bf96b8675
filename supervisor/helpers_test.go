package supervisor

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/anthdm/hollywood/actor"
	"go.uber.org/goleak"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// waitLimit bounds every wait in the tests: it is a failure deadline, not
// a timing assertion.
const waitLimit = 3 * time.Minute

func newEngine(t testing.TB) *actor.Engine {
	t.Helper()
	e, err := actor.NewEngine(actor.NewEngineConfig())
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// startRoot starts a root and shuts it down when the test ends.
func startRoot(t testing.TB, e *actor.Engine, spec Spec) *Root {
	t.Helper()
	r := Start(e, "root", spec)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
		defer cancel()
		_ = r.Shutdown(ctx)
		<-r.Done()
	})
	return r
}

// callT sends a request with Call, bounded by waitLimit, and returns the
// reply and its failure; a timeout fails the test.
func callT[R any](t testing.TB, e *actor.Engine, pid *actor.PID, req any) (R, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	r, err := Call[R](ctx, e, pid, req)
	if errors.Is(err, ErrTimeout) {
		t.Fatalf("request %T to %s: %v", req, pid.ID, err)
	}
	return r, err
}

// callOK sends a request whose reply must not report a failure.
func callOK[R any](t testing.TB, e *actor.Engine, pid *actor.PID, req any) R {
	t.Helper()
	r, err := callT[R](t, e, pid, req)
	if err != nil {
		t.Fatalf("request %T to %s: %v", req, pid.ID, err)
	}
	return r
}

// callErr sends a request whose reply must be a failure matching target.
func callErr[R any](t testing.TB, e *actor.Engine, pid *actor.PID, req any, target error) error {
	t.Helper()
	r, err := callT[R](t, e, pid, req)
	if !errors.Is(err, target) {
		t.Fatalf("reply to %T = %#v, %v; want an error wrapping %v", req, r, err, target)
	}
	return err
}

func children(t testing.TB, e *actor.Engine, sup *actor.PID) []ChildInfo {
	t.Helper()
	return callOK[ChildrenResult](t, e, sup, WhichChildren{}).Children
}

func childInfo(t testing.TB, e *actor.Engine, sup *actor.PID, id string) ChildInfo {
	t.Helper()
	for _, ci := range children(t, e, sup) {
		if ci.ID == id {
			return ci
		}
	}
	t.Fatalf("no child %q", id)
	return ChildInfo{}
}

// recorder collects OnEvent events.
type recorder struct {
	mu      sync.Mutex
	events  []Event
	changed chan struct{}
}

func newRecorder() *recorder { return &recorder{changed: make(chan struct{})} }

func (r *recorder) hook(ev Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, ev)
	close(r.changed)
	r.changed = make(chan struct{})
}

func (r *recorder) all() []Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Event(nil), r.events...)
}

// wait returns the first recorded event that matches, waiting for it.
func (r *recorder) wait(t testing.TB, what string, match func(Event) bool) Event {
	t.Helper()
	var found Event
	r.waitFor(t, what, func(events []Event) bool {
		for _, ev := range events {
			if match(ev) {
				found = ev
				return true
			}
		}
		return false
	})
	return found
}

// waitN waits until n recorded events match.
func (r *recorder) waitN(t testing.TB, what string, n int, match func(Event) bool) {
	t.Helper()
	r.waitFor(t, what, func(events []Event) bool {
		count := 0
		for _, ev := range events {
			if match(ev) {
				count++
			}
		}
		return count >= n
	})
}

// waitFor waits until done holds for the events recorded so far.
func (r *recorder) waitFor(t testing.TB, what string, done func([]Event) bool) {
	t.Helper()
	deadline := time.NewTimer(waitLimit)
	defer deadline.Stop()
	for {
		r.mu.Lock()
		ok, changed := done(r.events), r.changed
		r.mu.Unlock()
		if ok {
			return
		}
		select {
		case <-changed:
		case <-deadline.C:
			t.Fatalf("timed out waiting for %s; events:\n%s", what, r.dump())
		}
	}
}

func (r *recorder) dump() string {
	var b strings.Builder
	for _, ev := range r.all() {
		fmt.Fprintf(&b, "  %-10s %-22s inc=%d state=%s reason=%s delay=%s err=%v\n",
			ev.Kind, ev.Child.Path, ev.Child.Incarnation, ev.Child.State, ev.Reason, ev.Delay, ev.Err)
	}
	return b.String()
}

func is(kind, path string, inc int) func(Event) bool {
	return func(ev Event) bool {
		return ev.Kind == kind && ev.Child.Path == path && (inc == 0 || ev.Child.Incarnation == inc)
	}
}

// journal is an ordered log written by test children.
type journal struct {
	mu    sync.Mutex
	lines []string
}

func (j *journal) add(line string) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.lines = append(j.lines, line)
}

func (j *journal) snapshot() []string {
	j.mu.Lock()
	defer j.mu.Unlock()
	return append([]string(nil), j.lines...)
}

// Messages understood by worker.
type (
	incr          struct{}
	get           struct{ Ask } // a Request: the reply is the count
	boom          struct{ Ask } // a Request that crashes the worker
	exitWith      struct{ err error }
	goBoom        struct{}
	blockThenBoom struct{ entered, release chan struct{} }
)

// worker is a test child: a counter that can be made to fail.
type worker struct {
	j       *journal
	count   int
	onStart func(c *actor.Context)
	onStop  func(c *actor.Context)
}

func (w *worker) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case actor.Started:
		if w.j != nil {
			w.j.add("start " + Path(c))
		}
		if w.onStart != nil {
			w.onStart(c)
		}
	case actor.Stopped:
		if w.onStop != nil {
			w.onStop(c)
		}
		if w.j != nil {
			w.j.add("stop " + Path(c))
		}
	case incr:
		w.count++
	case get:
		c.Respond(w.count)
	case boom:
		panic("boom")
	case exitWith:
		Exit(c, m.err)
	case goBoom:
		Go(c, func(context.Context) any { panic("boom in Go") })
	case blockThenBoom:
		close(m.entered)
		<-m.release
		panic("boom after block")
	}
}

// workerOf returns a producer of workers writing to j (may be nil).
func workerOf(j *journal, opts ...func(*worker)) actor.Producer {
	return func() actor.Receiver {
		w := &worker{j: j}
		for _, o := range opts {
			o(w)
		}
		return w
	}
}

func spec(id string, restart Restart, p actor.Producer) ChildSpec {
	return ChildSpec{ID: id, Producer: p, Restart: restart}
}

// fakeClock is an adjustable clock for backoff tests.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (f *fakeClock) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

func (f *fakeClock) Advance(d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.now = f.now.Add(d)
}

// watcher is an actor that forwards supervisor notifications to a channel.
func watcher(t testing.TB, e *actor.Engine) (*actor.PID, <-chan any) {
	t.Helper()
	ch := make(chan any, 256)
	pid := e.SpawnFunc(func(c *actor.Context) {
		switch m := c.Message().(type) {
		case ChildStarted, ChildExited:
			ch <- m
		}
	}, "watcher")
	t.Cleanup(func() { <-e.Poison(pid).Done() })
	return pid, ch
}

// nextExited returns the next ChildExited for id from the watcher.
func nextExited(t testing.TB, notes <-chan any, id string) ChildExited {
	t.Helper()
	deadline := time.NewTimer(waitLimit)
	defer deadline.Stop()
	for {
		select {
		case n := <-notes:
			if x, ok := n.(ChildExited); ok && x.ID == id {
				return x
			}
		case <-deadline.C:
			t.Fatalf("no ChildExited for %q", id)
		}
	}
}

// inbox is an actor that forwards every message but lifecycle ones to a
// channel: the ReplyTo of requests sent with Send.
func inbox(t testing.TB, e *actor.Engine) (*actor.PID, <-chan any) {
	t.Helper()
	ch := make(chan any, 256)
	pid := e.SpawnFunc(func(c *actor.Context) {
		switch c.Message().(type) {
		case actor.Initialized, actor.Started, actor.Stopped:
		default:
			ch <- c.Message()
		}
	}, "inbox")
	t.Cleanup(func() { <-e.Poison(pid).Done() })
	return pid, ch
}

// next returns the next value from ch (an inbox, a test's results).
func next[T any](t testing.TB, ch <-chan T) T {
	t.Helper()
	select {
	case m := <-ch:
		return m
	case <-time.After(waitLimit):
		t.Fatal("no reply")
		var zero T
		return zero
	}
}
