package supervisor

import (
	"errors"
	"slices"
	"testing"

	"github.com/anthdm/hollywood/actor"
)

func TestPermanentChildRestartsWithFreshState(t *testing.T) {
	e := newEngine(t)
	rec := newRecorder()
	w, notes := watcher(t, e)
	root := startRoot(t, e, Spec{
		Children: []ChildSpec{spec("counter", Permanent, workerOf(nil))},
		Notify:   []*actor.PID{w},
		OnEvent:  rec.hook,
	})
	before := childInfo(t, e, root.PID(), "counter")
	for range 3 {
		e.Send(before.PID, incr{})
	}
	if n := callOK[int](t, e, before.PID, get{}); n != 3 {
		t.Fatalf("count = %v, want 3", n)
	}

	e.Send(before.PID, boom{})
	exited := nextExited(t, notes, "counter")
	if exited.Reason != Panic || !exited.WillRestart || exited.Incarnation != 1 {
		t.Fatalf("ChildExited = %+v, want reason panic, incarnation 1, will restart", exited)
	}
	var pe *PanicError
	if !errors.As(exited.Err, &pe) || pe.Value != "boom" {
		t.Fatalf("ChildExited.Err = %v, want *PanicError(boom)", exited.Err)
	}
	rec.wait(t, "second incarnation", is(EventStarted, "root/counter", 2))

	after := childInfo(t, e, root.PID(), "counter")
	if !after.PID.Equals(before.PID) {
		t.Fatalf("PID changed across restart: %s → %s", before.PID, after.PID)
	}
	if after.Incarnation != 2 || after.Restarts != 1 || after.State != StateRunning || after.LastErr != "panic: boom" {
		t.Fatalf("after restart: %+v", after)
	}
	if n := callOK[int](t, e, after.PID, get{}); n != 0 {
		t.Fatalf("count after restart = %v, want fresh state 0", n)
	}
}

func TestTransientChild(t *testing.T) {
	cases := []struct {
		name    string
		trigger any
		reason  ExitReason
		restart bool
	}{
		{"normal exit is final", exitWith{}, Normal, false},
		{"panic restarts", boom{}, Panic, true},
		{"exit with error restarts", exitWith{err: errors.New("lost chrome")}, Failed, true},
		{"panic in Go restarts", goBoom{}, Panic, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newEngine(t)
			rec := newRecorder()
			root := startRoot(t, e, Spec{
				Children: []ChildSpec{spec("t", Transient, workerOf(nil))},
				OnEvent:  rec.hook,
			})
			pid := childInfo(t, e, root.PID(), "t").PID
			e.Send(pid, tc.trigger)
			ev := rec.wait(t, "exit", is(EventExited, "root/t", 1))
			if ev.Reason != tc.reason {
				t.Fatalf("exit reason = %s, want %s (err %v)", ev.Reason, tc.reason, ev.Err)
			}
			// The restart decision is made while the exit is handled, so
			// the next reply of the supervisor reflects it.
			info := childInfo(t, e, root.PID(), "t")
			if tc.restart {
				rec.wait(t, "restart", is(EventStarted, "root/t", 2))
				return
			}
			if info.State != StateStopped || info.Incarnation != 1 {
				t.Fatalf("after a normal exit: %+v, want stopped, incarnation 1", info)
			}
		})
	}
}

func TestTemporaryChildIsNeverRestarted(t *testing.T) {
	e := newEngine(t)
	rec := newRecorder()
	j := &journal{}
	root := startRoot(t, e, Spec{
		Strategy: OneForAll,
		Children: []ChildSpec{
			spec("perm", Permanent, workerOf(j)),
			spec("temp", Temporary, workerOf(j)),
			spec("temp2", Temporary, workerOf(j)),
		},
		OnEvent: rec.hook,
	})
	// A temporary child's own panic is final.
	e.Send(childInfo(t, e, root.PID(), "temp2").PID, boom{})
	ev := rec.wait(t, "temp2 exit", is(EventExited, "root/temp2", 1))
	if ev.Reason != Panic || ev.Child.State != StateStopped {
		t.Fatalf("temp2 exit: reason %s state %s", ev.Reason, ev.Child.State)
	}
	// A sibling's one_for_all restart stops a temporary child for good.
	e.Send(childInfo(t, e, root.PID(), "perm").PID, boom{})
	rec.wait(t, "perm restart", is(EventStarted, "root/perm", 2))
	got := children(t, e, root.PID())
	var ids []string
	for _, ci := range got {
		ids = append(ids, ci.ID+":"+ci.State)
	}
	if want := []string{"perm:running", "temp2:stopped"}; !slices.Equal(ids, want) {
		t.Fatalf("children = %v, want %v", ids, want)
	}
	for _, ev := range rec.all() {
		if ev.Kind == EventStarted && (ev.Child.ID == "temp" || ev.Child.ID == "temp2") && ev.Child.Incarnation > 1 {
			t.Fatalf("temporary child restarted: %+v", ev)
		}
	}
}

func TestRestForOneRestartsLaterSiblingsInOrder(t *testing.T) {
	e := newEngine(t)
	rec := newRecorder()
	j := &journal{}
	root := startRoot(t, e, Spec{
		Strategy: RestForOne,
		Children: []ChildSpec{
			spec("a", Permanent, workerOf(j)),
			spec("b", Permanent, workerOf(j)),
			spec("c", Permanent, workerOf(j)),
			spec("d", Permanent, workerOf(j)),
		},
		OnEvent: rec.hook,
	})
	mark := len(j.snapshot())
	e.Send(childInfo(t, e, root.PID(), "b").PID, boom{})
	rec.wait(t, "d restarted", is(EventStarted, "root/d", 2))

	want := []string{
		"stop root/b",                // the crash
		"stop root/d", "stop root/c", // later siblings, reverse order
		"start root/b", "start root/c", "start root/d", // restart in order
	}
	if got := j.snapshot()[mark:]; !slices.Equal(got, want) {
		t.Fatalf("rest_for_one sequence:\n got %q\nwant %q", got, want)
	}
	if a := childInfo(t, e, root.PID(), "a"); a.Incarnation != 1 {
		t.Fatalf("earlier sibling was restarted: %+v", a)
	}
}

func TestOneForAllRestartsAll(t *testing.T) {
	e := newEngine(t)
	rec := newRecorder()
	j := &journal{}
	root := startRoot(t, e, Spec{
		Strategy: OneForAll,
		Children: []ChildSpec{
			spec("a", Permanent, workerOf(j)),
			spec("b", Transient, workerOf(j)),
			spec("c", Permanent, workerOf(j)),
		},
		OnEvent: rec.hook,
	})
	mark := len(j.snapshot())
	e.Send(childInfo(t, e, root.PID(), "b").PID, boom{})
	rec.wait(t, "c restarted", is(EventStarted, "root/c", 2))

	want := []string{
		"stop root/b",
		"stop root/c", "stop root/a",
		"start root/a", "start root/b", "start root/c",
	}
	if got := j.snapshot()[mark:]; !slices.Equal(got, want) {
		t.Fatalf("one_for_all sequence:\n got %q\nwant %q", got, want)
	}
	for _, ci := range children(t, e, root.PID()) {
		if ci.Incarnation != 2 || ci.State != StateRunning {
			t.Fatalf("after one_for_all: %+v", ci)
		}
	}
}

func TestHollywoodRestartLimitNeverApplies(t *testing.T) {
	// hollywood's default MaxRestarts is 3 and exhausting it crashes the
	// process in v1.0.5; twelve panics in Receive and in Started must all
	// be handled by the supervisor.
	e := newEngine(t)
	rec := newRecorder()
	panicky := func(w *worker) {
		w.onStart = func(c *actor.Context) {
			if n := childIncarnation(c); n > 1 && n <= 6 {
				panic("boom in Started")
			}
		}
	}
	root := startRoot(t, e, Spec{
		Intensity: 100, Period: waitLimit,
		Children: []ChildSpec{spec("w", Permanent, workerOf(nil, panicky))},
		OnEvent:  rec.hook,
	})
	pid := childInfo(t, e, root.PID(), "w").PID
	for inc := 1; inc <= 12; inc++ {
		rec.wait(t, "incarnation", is(EventStarted, "root/w", inc))
		if inc > 6 || inc == 1 {
			e.Send(pid, boom{})
		}
	}
	rec.wait(t, "13th incarnation", is(EventStarted, "root/w", 13))
	if ci := childInfo(t, e, root.PID(), "w"); ci.Restarts != 12 {
		t.Fatalf("restarts = %d, want 12", ci.Restarts)
	}
}

// childIncarnation returns the incarnation number of a supervised child.
func childIncarnation(c *actor.Context) int {
	if r := recOf(c); r != nil {
		return r.number
	}
	return 0
}
