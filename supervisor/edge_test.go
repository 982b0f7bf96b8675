package supervisor

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/anthdm/hollywood/actor"
)

func TestPanickingProducerDoesNotLeakItsID(t *testing.T) {
	e := newEngine(t)
	rec := newRecorder()
	root := startRoot(t, e, Spec{OnEvent: rec.hook})
	bad := func() actor.Receiver { panic("cannot build") }
	err := callErr[ChildStartResult](t, e, root.PID(), StartChild{Spec: spec("bad", Temporary, bad)}, ErrChildFailed)
	var pe *PanicError
	if !errors.As(err, &pe) || pe.Value != "cannot build" {
		t.Fatalf("StartChild error %v does not carry the producer's panic", err)
	}
	rec.wait(t, "exit", is(EventExited, "root/bad", 1))
	if e.Registry.GetPID("supervisor/root", "bad") != nil {
		t.Fatal("the ID stayed registered")
	}
}

func TestKilledFromOutsideIsAbnormal(t *testing.T) {
	e := newEngine(t)
	rec := newRecorder()
	root := startRoot(t, e, Spec{
		Children: []ChildSpec{spec("t", Transient, workerOf(nil))},
		OnEvent:  rec.hook,
	})
	<-e.Poison(childInfo(t, e, root.PID(), "t").PID).Done()
	ev := rec.wait(t, "exit", is(EventExited, "root/t", 1))
	if ev.Reason != Killed {
		t.Fatalf("reason = %s, want killed", ev.Reason)
	}
	rec.wait(t, "transient restarted", is(EventStarted, "root/t", 2))
}

func TestLingeringGoWorkDelaysRespawnAndIsReported(t *testing.T) {
	e := newEngine(t)
	rec := newRecorder()
	release := make(chan struct{})
	lingers := func(w *worker) {
		w.onStart = func(c *actor.Context) {
			if childIncarnation(c) == 1 {
				Go(c, func(context.Context) any { <-release; return nil }) // ignores ctx
			}
		}
	}
	root := startRoot(t, e, Spec{
		Children: []ChildSpec{{ID: "l", Producer: workerOf(nil, lingers), Shutdown: 10 * time.Millisecond}},
		OnEvent:  rec.hook,
	})
	e.Send(childInfo(t, e, root.PID(), "l").PID, boom{})
	ev := rec.wait(t, "stuck report", is(EventStuck, "root/l", 1))
	if !errors.Is(ev.Err, ErrStuck) {
		t.Fatalf("stuck event error %v", ev.Err)
	}
	if ci := childInfo(t, e, root.PID(), "l"); ci.Incarnation != 1 {
		t.Fatalf("respawned while a Go function of the old incarnation runs: %+v", ci)
	}
	close(release)
	rec.wait(t, "respawn once it returned", is(EventStarted, "root/l", 2))
}

func TestStopAndShutdownDuringBackoff(t *testing.T) {
	e := newEngine(t)
	rec := newRecorder()
	root := Start(e, "root", Spec{
		Children: []ChildSpec{
			{ID: "a", Producer: workerOf(nil), Backoff: Backoff{Min: time.Hour}},
			{ID: "b", Producer: workerOf(nil), Backoff: Backoff{Min: time.Hour}},
		},
		OnEvent: rec.hook,
	})
	for _, id := range []string{"a", "b"} {
		e.Send(childInfo(t, e, root.PID(), id).PID, boom{})
		rec.wait(t, "backoff", is(EventRestarting, "root/"+id, 1))
	}
	if reply := callOK[ChildStopResult](t, e, root.PID(), StopChild{ID: "a"}).Reason; reply != Panic {
		t.Fatalf("StopChild of a restarting child = %v, want its last reason (panic)", reply)
	}
	if ev := rec.wait(t, "removed", is(EventRemoved, "root/a", 1)); !ev.Gone() {
		t.Fatalf("removed event %+v", ev)
	}
	if e.Registry.GetPID("supervisor/root", "a") != nil {
		t.Fatal("a's PID is still held after StopChild")
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	if err := root.Shutdown(ctx); err != nil {
		t.Fatalf("Shutdown: %v", err)
	}
	if e.Registry.GetPID("supervisor/root", "b") != nil {
		t.Fatal("b's placeholder outlived the supervisor")
	}
}

func TestGroupRestartWaitsForTheTriggersBackoff(t *testing.T) {
	e := newEngine(t)
	rec := newRecorder()
	j := &journal{}
	root := startRoot(t, e, Spec{
		Strategy: RestForOne,
		Children: []ChildSpec{
			{ID: "a", Producer: workerOf(j), Backoff: Backoff{Min: 5 * time.Millisecond}},
			spec("b", Permanent, workerOf(j)),
		},
		OnEvent: rec.hook,
	})
	e.Send(childInfo(t, e, root.PID(), "a").PID, boom{})
	if ev := rec.wait(t, "backoff", is(EventRestarting, "root/a", 1)); ev.Delay != 5*time.Millisecond {
		t.Fatalf("delay %v", ev.Delay)
	}
	rec.wait(t, "b restarted", is(EventStarted, "root/b", 2))
	want := []string{"start root/a", "start root/b", "stop root/a", "stop root/b", "start root/a", "start root/b"}
	if got := j.snapshot(); !slices.Equal(got, want) {
		t.Fatalf("sequence %q, want %q", got, want)
	}
	// While b was stopped for the group restart it answered ErrRestarting;
	// now it serves again.
	if n := callOK[int](t, e, childInfo(t, e, root.PID(), "b").PID, get{}); n != 0 {
		t.Fatalf("b: %v", n)
	}
}
