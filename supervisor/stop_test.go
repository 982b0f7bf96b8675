package supervisor

import (
	"context"
	"errors"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/anthdm/hollywood/actor"
)

func TestOrderedStartAndReverseStop(t *testing.T) {
	e := newEngine(t)
	j := &journal{}
	sub := Spec{Children: []ChildSpec{
		spec("x", Permanent, workerOf(j)),
		spec("y", Permanent, workerOf(j)),
	}}
	root := Start(e, "root", Spec{Children: []ChildSpec{
		spec("a", Permanent, workerOf(j)),
		{ID: "sub", Producer: New(sub)},
		spec("b", Permanent, workerOf(j)),
	}})
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	if err := root.Shutdown(ctx); err != nil {
		t.Fatalf("Shutdown: %v", err)
	}
	if root.Err() != nil {
		t.Fatalf("Err after a clean shutdown = %v", root.Err())
	}
	want := []string{
		"start root/a", "start root/sub/x", "start root/sub/y", "start root/b",
		"stop root/b", "stop root/sub/y", "stop root/sub/x", "stop root/a",
	}
	if got := j.snapshot(); !slices.Equal(got, want) {
		t.Fatalf("lifecycle order:\n got %q\nwant %q", got, want)
	}
}

func TestPoisonedRootStillStopsChildrenInOrder(t *testing.T) {
	// Stopping the root from outside skips the Stop message; the
	// supervisor's Stopped handler still stops its children in reverse.
	e := newEngine(t)
	j := &journal{}
	root := Start(e, "root", Spec{Children: []ChildSpec{
		spec("a", Permanent, workerOf(j)),
		spec("b", Permanent, workerOf(j)),
		spec("c", Permanent, workerOf(j)),
	}})
	<-e.Poison(root.PID()).Done()
	select {
	case <-root.Done():
	case <-time.After(waitLimit):
		t.Fatal("root not done")
	}
	if got, want := j.snapshot()[3:], []string{"stop root/c", "stop root/b", "stop root/a"}; !slices.Equal(got, want) {
		t.Fatalf("stop order %q, want %q", got, want)
	}
	if root.Err() != nil {
		t.Fatalf("Err = %v", root.Err())
	}
}

// holdsCtx is a child whose Go function blocks until its context ends.
func holdsCtx(observed *atomic.Bool) actor.Producer {
	return workerOf(nil, func(w *worker) {
		w.onStart = func(c *actor.Context) {
			Go(c, func(ctx context.Context) any {
				<-ctx.Done()
				observed.Store(true)
				return nil
			})
		}
	})
}

func TestStopCancelsGoWork(t *testing.T) {
	e := newEngine(t)
	var cancelled atomic.Bool
	root := startRoot(t, e, Spec{Children: []ChildSpec{
		{ID: "g", Producer: holdsCtx(&cancelled), Shutdown: time.Minute},
	}})
	reply := callOK[ChildStopResult](t, e, root.PID(), StopChild{ID: "g"}).Reason
	if reply != Shutdown {
		t.Fatalf("StopChild reply = %v, want shutdown", reply)
	}
	if !cancelled.Load() {
		t.Fatal("the child's Go function was still running when StopChild returned")
	}
}

func TestShutdownGraceThenForcedCancel(t *testing.T) {
	// The child's Stopped waits for its Go work, which ignores
	// everything but its context: only the forced cancellation after the
	// grace ends it.
	e := newEngine(t)
	rec := newRecorder()
	stuck := func(w *worker) {
		finished := make(chan struct{})
		w.onStart = func(c *actor.Context) {
			Go(c, func(ctx context.Context) any {
				defer close(finished)
				<-ctx.Done()
				return nil
			})
		}
		w.onStop = func(c *actor.Context) { <-finished }
	}
	root := startRoot(t, e, Spec{
		Children: []ChildSpec{{ID: "s", Producer: workerOf(nil, stuck), Shutdown: 50 * time.Millisecond}},
		OnEvent:  rec.hook,
	})
	if reply := callOK[ChildStopResult](t, e, root.PID(), StopChild{ID: "s"}).Reason; reply != Killed {
		t.Fatalf("StopChild reply = %v, want killed", reply)
	}
	ev := rec.wait(t, "exit", is(EventExited, "root/s", 1))
	if ev.Reason != Killed || ev.Err == nil || !ev.Gone() {
		t.Fatalf("exit event %+v", ev)
	}
	if len(children(t, e, root.PID())) != 0 {
		t.Fatal("stopped child was not removed")
	}
}

func TestNoRespawnBeforeOldIncarnationLeaves(t *testing.T) {
	e := newEngine(t)
	rec := newRecorder()
	var live, overlap atomic.Int32
	inStopped := make(chan struct{}, 1)
	release := make(chan struct{})
	slowStop := func(w *worker) {
		w.onStart = func(*actor.Context) {
			if live.Add(1) > 1 {
				overlap.Add(1)
			}
		}
		w.onStop = func(c *actor.Context) {
			if childIncarnation(c) == 1 {
				inStopped <- struct{}{}
				<-release
			}
			live.Add(-1)
		}
	}
	root := startRoot(t, e, Spec{
		Children: []ChildSpec{spec("w", Permanent, workerOf(nil, slowStop))},
		OnEvent:  rec.hook,
	})
	pid := childInfo(t, e, root.PID(), "w").PID
	e.Send(pid, boom{})
	<-inStopped
	// The old incarnation has left the registry but is still cleaning up:
	// no new incarnation may exist yet under the same ID.
	if ci := childInfo(t, e, root.PID(), "w"); ci.Incarnation != 1 {
		t.Fatalf("respawned while the old incarnation was stopping: %+v", ci)
	}
	// Its PID is held for the restart: Requests fail fast.
	callErr[int](t, e, pid, get{}, ErrRestarting)
	close(release)
	rec.wait(t, "respawn", is(EventStarted, "root/w", 2))
	if overlap.Load() != 0 {
		t.Fatal("two incarnations were alive at once")
	}
	if n := callOK[int](t, e, pid, get{}); n != 0 {
		t.Fatalf("the new incarnation does not answer on the stable PID: %v", n)
	}
}

func TestStuckChildIsReportedAndItsIDNotReused(t *testing.T) {
	e := newEngine(t)
	rec := newRecorder()
	release := make(chan struct{})
	ignoresCtx := func(w *worker) { w.onStop = func(*actor.Context) { <-release } }
	root := startRoot(t, e, Spec{
		Children: []ChildSpec{{ID: "z", Producer: workerOf(nil, ignoresCtx), Shutdown: 10 * time.Millisecond}},
		OnEvent:  rec.hook,
	})
	callErr[ChildStopResult](t, e, root.PID(), StopChild{ID: "z"}, ErrStuck)
	rec.wait(t, "stuck event", is(EventStuck, "root/z", 1))
	if ci := childInfo(t, e, root.PID(), "z"); ci.State != StateStopping {
		t.Fatalf("stuck child: %+v", ci)
	}
	callErr[ChildStartResult](t, e, root.PID(), StartChild{Spec: spec("z", Temporary, workerOf(nil))}, ErrDuplicateChild)

	close(release)
	rec.wait(t, "it finally exits", is(EventExited, "root/z", 1))
	if len(children(t, e, root.PID())) != 0 {
		t.Fatal("stuck child not removed once it left")
	}
	if r, err := callT[ChildStartResult](t, e, root.PID(), StartChild{Spec: spec("z", Temporary, workerOf(nil))}); err != nil || r.PID == nil {
		t.Fatal("ID not reusable after the stuck child left")
	}
}

func TestBrutalShutdownCancelsFirst(t *testing.T) {
	e := newEngine(t)
	var cancelled atomic.Bool
	sawCancel := func(w *worker) {
		w.onStop = func(c *actor.Context) { cancelled.Store(Ctx(c).Err() != nil) }
	}
	root := startRoot(t, e, Spec{Children: []ChildSpec{
		{ID: "k", Producer: workerOf(nil, sawCancel), Shutdown: -1},
	}})
	if reply := callOK[ChildStopResult](t, e, root.PID(), StopChild{ID: "k"}).Reason; reply != Killed {
		t.Fatalf("reply = %v, want killed", reply)
	}
	if !cancelled.Load() {
		t.Fatal("brutal shutdown did not cancel the context before Stopped")
	}
}

func TestShutdownDeadlineForcesTree(t *testing.T) {
	e := newEngine(t)
	j := &journal{}
	waitsForCtx := func(w *worker) { w.onStop = func(c *actor.Context) { <-Ctx(c).Done() } }
	root := Start(e, "root", Spec{Children: []ChildSpec{
		{ID: "patient", Producer: workerOf(j, waitsForCtx), Shutdown: time.Hour},
	}})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if err := root.Shutdown(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Shutdown = %v, want deadline exceeded", err)
	}
	select {
	case <-root.Done():
	case <-time.After(waitLimit):
		t.Fatal("forced shutdown did not finish")
	}
	if got := j.snapshot(); got[len(got)-1] != "stop root/patient" {
		t.Fatalf("journal %q", got)
	}
}
