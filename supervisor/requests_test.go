package supervisor

import (
	"errors"
	"testing"
	"time"

	"github.com/anthdm/hollywood/actor"
)

func TestPendingRequestToCrashingChildFailsFast(t *testing.T) {
	e := newEngine(t)
	rec := newRecorder()
	root := startRoot(t, e, Spec{
		Children: []ChildSpec{{ID: "w", Producer: workerOf(nil), Backoff: Backoff{Min: time.Hour}}},
		OnEvent:  rec.hook,
	})
	pid := childInfo(t, e, root.PID(), "w").PID

	// The child is busy; a Request queues behind the message that will
	// crash it. Its timeout is an hour: only the fast failure ends it.
	entered, release := make(chan struct{}), make(chan struct{})
	e.Send(pid, blockThenBoom{entered: entered, release: release})
	<-entered
	queued := e.Request(pid, get{}, time.Hour)
	close(release)
	v, err := resultWithin(t, queued)
	if err != nil || !errors.Is(v.(error), ErrChildFailed) {
		t.Fatalf("queued Request got %v, %v; want ErrChildFailed", v, err)
	}
	var pe *PanicError
	if !errors.As(v.(error), &pe) || pe.Value != "boom after block" {
		t.Fatalf("reply %v does not carry the panic", v)
	}

	// While it waits out its backoff, its PID answers ErrRestarting.
	rec.wait(t, "restart scheduled", is(EventRestarting, "root/w", 1))
	askErr(t, e, pid, get{}, ErrRestarting)
}

func TestRequestThatCrashesTheChildFailsFast(t *testing.T) {
	e := newEngine(t)
	root := startRoot(t, e, Spec{Children: []ChildSpec{spec("w", Permanent, workerOf(nil))}})
	pid := childInfo(t, e, root.PID(), "w").PID
	v, err := resultWithin(t, e.Request(pid, boom{}, time.Hour))
	if err != nil || !errors.Is(v.(error), ErrChildFailed) {
		t.Fatalf("got %v, %v; want ErrChildFailed", v, err)
	}
}

// resultWithin waits for a Response no longer than waitLimit.
func resultWithin(t *testing.T, resp *actor.Response) (any, error) {
	t.Helper()
	type result struct {
		v   any
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := resp.Result()
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-time.After(waitLimit):
		t.Fatal("Request still pending: the failure was not reported")
		return nil, nil
	}
}

func TestDynamicChildren(t *testing.T) {
	e := newEngine(t)
	rec := newRecorder()
	root := startRoot(t, e, Spec{
		Children: []ChildSpec{spec("static", Permanent, workerOf(nil))},
		OnEvent:  rec.hook,
	})
	sup := root.PID()
	tool := spec("call-1", Temporary, workerOf(nil))

	pid, ok := ask(t, e, sup, StartChild{Spec: tool}).(*actor.PID)
	if !ok || pid.ID != "supervisor/root/call-1" {
		t.Fatalf("StartChild reply = %v", pid)
	}
	askErr(t, e, sup, StartChild{Spec: tool}, ErrDuplicateChild)
	askErr(t, e, sup, StartChild{Spec: spec("bad/id", Temporary, workerOf(nil))}, ErrBadSpec)
	askErr(t, e, sup, StartChild{Spec: ChildSpec{ID: "nil-producer"}}, ErrBadSpec)

	ids := func() []string {
		var out []string
		for _, ci := range children(t, e, sup) {
			out = append(out, ci.ID)
		}
		return out
	}
	if got := ids(); len(got) != 2 || got[0] != "static" || got[1] != "call-1" {
		t.Fatalf("children = %v", got)
	}
	if n := ask(t, e, pid, get{}); n != 0 {
		t.Fatalf("dynamic child does not answer: %v", n)
	}

	if reply := ask(t, e, sup, StopChild{ID: "call-1"}); reply != Shutdown {
		t.Fatalf("StopChild reply = %v", reply)
	}
	if got := ids(); len(got) != 1 {
		t.Fatalf("children after StopChild = %v", got)
	}
	askErr(t, e, sup, StopChild{ID: "call-1"}, ErrNoChild)

	// The same ID can be started again; a temporary child that exits is
	// removed by itself.
	pid2, ok := ask(t, e, sup, StartChild{Spec: tool}).(*actor.PID)
	if !ok || !pid2.Equals(pid) {
		t.Fatalf("restarted dynamic child PID = %v, want the stable %v", pid2, pid)
	}
	e.Send(pid2, exitWith{})
	ev := rec.wait(t, "temporary exit", func(ev Event) bool {
		return is(EventExited, "root/call-1", 1)(ev) && ev.Reason == Normal
	})
	if !ev.Gone() {
		t.Fatalf("exit event %+v", ev)
	}
	if got := ids(); len(got) != 1 {
		t.Fatalf("children after the temporary child exited = %v", got)
	}
}

func TestStartChildFailingInStarted(t *testing.T) {
	e := newEngine(t)
	root := startRoot(t, e, Spec{})
	failing := workerOf(nil, func(w *worker) { w.onStart = func(*actor.Context) { panic("no") } })
	askErr(t, e, root.PID(), StartChild{Spec: spec("f", Temporary, failing)}, ErrChildFailed)
}

func TestInvalidSpecsGetClearErrors(t *testing.T) {
	e := newEngine(t)
	root := Start(e, "root", Spec{Children: []ChildSpec{
		spec("a", Permanent, workerOf(nil)),
		spec("a", Permanent, workerOf(nil)),
	}})
	<-root.Done()
	if err := root.Err(); !errors.Is(err, ErrBadSpec) || !errors.Is(err, ErrDuplicateChild) {
		t.Fatalf("Err = %v, want ErrBadSpec + ErrDuplicateChild", err)
	}

	first := startRoot(t, e, Spec{})
	second := Start(e, "root", Spec{})
	<-second.Done()
	if !errors.Is(second.Err(), ErrDuplicateChild) {
		t.Fatalf("second root with the same name: %v", second.Err())
	}
	select {
	case <-first.Done():
		t.Fatal("the first root was disturbed")
	default:
	}
	if err := (ChildSpec{ID: "x", Producer: workerOf(nil), Backoff: Backoff{Min: time.Second, Max: time.Millisecond}}).Validate(); !errors.Is(err, ErrBadSpec) {
		t.Fatalf("Validate = %v", err)
	}
}

// TestPIDOf: a child's PID, as WhichChildren reports it, is PIDOf its path.
func TestPIDOf(t *testing.T) {
	e := newEngine(t)
	sub := Spec{Children: []ChildSpec{spec("b", Permanent, workerOf(nil))}}
	root := startRoot(t, e, Spec{Children: []ChildSpec{{ID: "sub", Producer: New(sub)}}})
	if got := PIDOf(e, "root"); !got.Equals(root.PID()) {
		t.Fatalf("PIDOf(root) = %v, want %v", got, root.PID())
	}
	b := childInfo(t, e, PIDOf(e, "root/sub"), "b")
	if got := PIDOf(e, "root/sub/b"); b.Path != "root/sub/b" || !got.Equals(b.PID) {
		t.Fatalf("PIDOf(root/sub/b) = %v, want %v (%s)", got, b.PID, b.Path)
	}
}

func TestExitReasonStrings(t *testing.T) {
	want := map[ExitReason]string{Normal: "normal", Shutdown: "shutdown", Panic: "panic", Killed: "killed", GaveUp: "gave_up", Failed: "failed"}
	for r, s := range want {
		if r.String() != s {
			t.Errorf("%d.String() = %q, want %q", int(r), r.String(), s)
		}
	}
	if Permanent.String() != "permanent" || RestForOne.String() != "rest_for_one" {
		t.Error("restart/strategy names")
	}
}

// TestWatch: an actor that sent Watch (twice) gets each ChildExited once,
// and ChildPID names the child's stable PID.
func TestWatch(t *testing.T) {
	e := newEngine(t)
	w, notes := watcher(t, e)
	root := startRoot(t, e, Spec{Children: []ChildSpec{spec("a", Transient, workerOf(nil))}})
	for range 2 {
		v, err := e.Request(root.PID(), Watch{}, waitLimit).Result()
		if err != nil || v != (Watching{}) {
			t.Fatalf("Watch reply %v, %v", v, err)
		}
		e.SendWithSender(root.PID(), Watch{}, w)
	}
	if got := ask(t, e, root.PID(), StopChild{ID: "a"}); got != Shutdown {
		t.Fatalf("StopChild = %v", got)
	}
	if x := nextExited(t, notes, "a"); x.Reason != Shutdown || x.Sup == nil || !x.Sup.Equals(root.PID()) {
		t.Fatalf("ChildExited %+v", x)
	}
	if got := ask(t, e, root.PID(), WhichChildren{}); len(got.([]ChildInfo)) != 0 {
		t.Fatalf("children %v", got)
	}
	// Whatever the supervisor sent before answering is queued before this.
	e.Send(w, ChildExited{ID: "sentinel"})
	if n := <-notes; n.(ChildExited).ID != "sentinel" {
		t.Fatalf("a second notification: %+v", n)
	}
	if got, want := ChildPID(root.PID(), "a"), PIDOf(e, "root/a"); !got.Equals(want) {
		t.Fatalf("ChildPID = %v, want %v", got, want)
	}
}
