package supervisor

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/anthdm/hollywood/actor"
)

func TestIntensityBreachEscalatesToParent(t *testing.T) {
	e := newEngine(t)
	rec := newRecorder()
	w, notes := watcher(t, e)
	j := &journal{}
	inner := Spec{
		Intensity: 1, Period: time.Minute,
		Children: []ChildSpec{
			spec("x", Permanent, workerOf(j)),
			spec("w", Permanent, workerOf(j)),
		},
	}
	root := startRoot(t, e, Spec{
		Intensity: 5, Period: time.Minute,
		Children: []ChildSpec{{ID: "inner", Producer: New(inner)}},
		Notify:   []*actor.PID{w},
		OnEvent:  rec.hook, // inherited by inner
	})
	innerPID := childInfo(t, e, root.PID(), "inner").PID
	wPID := childInfo(t, e, innerPID, "w").PID

	e.Send(wPID, boom{}) // restart 1 of 1: fine
	rec.wait(t, "w restarted", is(EventStarted, "root/inner/w", 2))
	e.Send(wPID, boom{}) // restart 2 of 1: breach

	ev := rec.wait(t, "escalation", is(EventEscalating, "root/inner/w", 0))
	if !errors.Is(ev.Err, ErrTooManyRestarts) {
		t.Fatalf("escalation error = %v", ev.Err)
	}
	x := nextExited(t, notes, "inner")
	if x.Reason != Failed || !x.WillRestart || !errors.Is(x.Err, ErrTooManyRestarts) {
		t.Fatalf("parent saw ChildExited %+v, want failed with ErrTooManyRestarts, will restart", x)
	}
	var pe *PanicError
	if !errors.As(x.Err, &pe) {
		t.Fatalf("escalation error %v does not carry the child's panic", x.Err)
	}
	// inner stopped its other child before exiting, and was restarted
	// with fresh children.
	rec.wait(t, "x stopped", func(ev Event) bool {
		return is(EventExited, "root/inner/x", 1)(ev) && ev.Reason == Shutdown
	})
	rec.wait(t, "inner restarted", is(EventStarted, "root/inner", 2))
	rec.waitN(t, "a fresh w under the new inner", 2, is(EventStarted, "root/inner/w", 1))
	select {
	case <-root.Done():
		t.Fatalf("root exited: %v", root.Err())
	default:
	}
}

func TestRootEscalationEndsTreeWithoutCrashingProcess(t *testing.T) {
	e := newEngine(t)
	rec := newRecorder()
	j := &journal{}
	alwaysPanics := func(w *worker) {
		w.onStart = func(c *actor.Context) {
			if childIncarnation(c) > 1 {
				panic("cannot start")
			}
		}
	}
	root := Start(e, "root", Spec{
		Intensity: 2, Period: time.Minute,
		Children: []ChildSpec{
			spec("keeper", Permanent, workerOf(j)),
			spec("flaky", Permanent, workerOf(j, alwaysPanics)),
		},
		OnEvent: rec.hook,
	})
	e.Send(childInfo(t, e, root.PID(), "flaky").PID, boom{})
	select {
	case <-root.Done():
	case <-time.After(waitLimit):
		t.Fatal("root did not give up")
	}
	err := root.Err()
	var pe *PanicError
	if !errors.Is(err, ErrTooManyRestarts) || !errors.As(err, &pe) || pe.Value != "cannot start" {
		t.Fatalf("root.Err() = %v, want ErrTooManyRestarts carrying the Started panic", err)
	}
	for _, want := range []string{"root", `"flaky"`, "3 restarts", "intensity 2"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("root.Err() = %q, missing %q", err, want)
		}
	}
	if got := j.snapshot(); got[len(got)-1] != "stop root/keeper" {
		t.Fatalf("keeper was not stopped: %q", got)
	}
	for _, id := range []string{"keeper", "flaky"} {
		if e.Registry.GetPID("supervisor/root", id) != nil {
			t.Errorf("child %s still registered after the root exited", id)
		}
	}
	last := rec.all()[len(rec.all())-1]
	if last.Kind != EventExited || last.Child.Path != "root" || last.Child.State != StateFailed {
		t.Fatalf("last event = %+v, want the root's own failed exit", last)
	}
	if err := root.Shutdown(context.Background()); !errors.Is(err, ErrTooManyRestarts) {
		t.Fatalf("Shutdown after escalation = %v", err)
	}
}

func TestIsolateGivesUpOnlyTheChild(t *testing.T) {
	e := newEngine(t)
	rec := newRecorder()
	w, notes := watcher(t, e)
	root := startRoot(t, e, Spec{
		Isolate: true, Intensity: 1, Period: time.Minute,
		Children: []ChildSpec{
			spec("a", Permanent, workerOf(nil)),
			spec("b", Permanent, workerOf(nil)),
		},
		Notify:  []*actor.PID{w},
		OnEvent: rec.hook,
	})
	a := childInfo(t, e, root.PID(), "a").PID
	b := childInfo(t, e, root.PID(), "b").PID

	e.Send(a, boom{})
	rec.wait(t, "a restarted", is(EventStarted, "root/a", 2))
	e.Send(a, boom{})
	nextExited(t, notes, "a") // the first crash
	x := nextExited(t, notes, "a")
	if x.Reason != GaveUp || x.WillRestart || !errors.Is(x.Err, ErrTooManyRestarts) {
		t.Fatalf("a: %+v, want gave_up with ErrTooManyRestarts", x)
	}
	if ci := childInfo(t, e, root.PID(), "a"); ci.State != StateFailed {
		t.Fatalf("a after giving up: %+v", ci)
	}
	// b is untouched, and its own first crash is within its own budget.
	if ci := childInfo(t, e, root.PID(), "b"); ci.Incarnation != 1 || ci.State != StateRunning {
		t.Fatalf("b: %+v", ci)
	}
	e.Send(b, boom{})
	rec.wait(t, "b restarted", is(EventStarted, "root/b", 2))
	select {
	case <-root.Done():
		t.Fatalf("root exited: %v", root.Err())
	default:
	}
}
