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

	// The child is busy; a request queues behind the message that will
	// crash it. Nobody times it out: only the fast failure answers it.
	to, replies := inbox(t, e)
	entered, release := make(chan struct{}), make(chan struct{})
	e.Send(pid, blockThenBoom{entered: entered, release: release})
	<-entered
	e.Send(pid, get{Ask{Ref: 41, ReplyTo: to}})
	close(release)
	f, ok := next(t, replies).(RequestFailed)
	if !ok || f.Ref != 41 || !errors.Is(f.Err, ErrChildFailed) {
		t.Fatalf("queued request got %#v; want a RequestFailed{Ref: 41} wrapping ErrChildFailed", f)
	}
	var pe *PanicError
	if !errors.As(f.Err, &pe) || pe.Value != "boom after block" {
		t.Fatalf("reply %v does not carry the panic", f.Err)
	}

	// While it waits out its backoff, its PID answers ErrRestarting.
	rec.wait(t, "restart scheduled", is(EventRestarting, "root/w", 1))
	callErr[int](t, e, pid, get{}, ErrRestarting)
	e.Send(pid, get{Ask{Ref: 42, ReplyTo: to}})
	if f, ok := next(t, replies).(RequestFailed); !ok || f.Ref != 42 || !errors.Is(f.Err, ErrRestarting) {
		t.Fatalf("request to the restarting child got %#v", f)
	}
}

func TestRequestThatCrashesTheChildFailsFast(t *testing.T) {
	e := newEngine(t)
	root := startRoot(t, e, Spec{Children: []ChildSpec{spec("w", Permanent, workerOf(nil))}})
	pid := childInfo(t, e, root.PID(), "w").PID
	callErr[int](t, e, pid, boom{}, ErrChildFailed)
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

	started := callOK[ChildStartResult](t, e, sup, StartChild{Spec: tool})
	pid := started.PID
	if started.ID != "call-1" || pid == nil || pid.ID != "supervisor/root/call-1" {
		t.Fatalf("StartChild reply = %+v", started)
	}
	callErr[ChildStartResult](t, e, sup, StartChild{Spec: tool}, ErrDuplicateChild)
	callErr[ChildStartResult](t, e, sup, StartChild{Spec: spec("bad/id", Temporary, workerOf(nil))}, ErrBadSpec)
	callErr[ChildStartResult](t, e, sup, StartChild{Spec: ChildSpec{ID: "nil-producer"}}, ErrBadSpec)

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
	if n := callOK[int](t, e, pid, get{}); n != 0 {
		t.Fatalf("dynamic child does not answer: %v", n)
	}

	if reply := callOK[ChildStopResult](t, e, sup, StopChild{ID: "call-1"}).Reason; reply != Shutdown {
		t.Fatalf("StopChild reply = %v", reply)
	}
	if got := ids(); len(got) != 1 {
		t.Fatalf("children after StopChild = %v", got)
	}
	callErr[ChildStopResult](t, e, sup, StopChild{ID: "call-1"}, ErrNoChild)

	// The same ID can be started again; a temporary child that exits is
	// removed by itself.
	pid2 := callOK[ChildStartResult](t, e, sup, StartChild{Spec: tool}).PID
	if pid2 == nil || !pid2.Equals(pid) {
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
	callErr[ChildStartResult](t, e, root.PID(), StartChild{Spec: spec("f", Temporary, failing)}, ErrChildFailed)
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
		if r := callOK[WatchResult](t, e, root.PID(), Watch{Ask: Ask{Ref: 7}}); r.Ref != 7 {
			t.Fatalf("Watch reply %+v", r)
		}
		e.SendWithSender(root.PID(), Watch{}, w)
	}
	if got := callOK[ChildStopResult](t, e, root.PID(), StopChild{ID: "a"}).Reason; got != Shutdown {
		t.Fatalf("StopChild = %v", got)
	}
	if x := nextExited(t, notes, "a"); x.Reason != Shutdown || x.Sup == nil || !x.Sup.Equals(root.PID()) {
		t.Fatalf("ChildExited %+v", x)
	}
	if got := children(t, e, root.PID()); len(got) != 0 {
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
