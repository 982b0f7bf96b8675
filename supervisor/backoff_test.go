package supervisor

import (
	"slices"
	"testing"
	"time"
)

func TestBackoffDelay(t *testing.T) {
	ms := time.Millisecond
	cases := []struct {
		name string
		b    Backoff
		r    float64
		want []time.Duration // for n = 1, 2, ...
	}{
		{"zero value restarts at once", Backoff{}, 0.9, []time.Duration{0, 0, 0}},
		{"doubles up to max", Backoff{Min: 10 * ms, Max: 50 * ms}, 0, []time.Duration{10 * ms, 20 * ms, 40 * ms, 50 * ms, 50 * ms}},
		{"no max is constant", Backoff{Min: 10 * ms}, 0, []time.Duration{10 * ms, 10 * ms, 10 * ms}},
		{"jitter adds up to its fraction", Backoff{Min: 10 * ms, Max: time.Second, Jitter: 0.2}, 0.5, []time.Duration{11 * ms, 22 * ms, 44 * ms}},
		{"jitter never exceeds max", Backoff{Min: 10 * ms, Max: 25 * ms, Jitter: 1}, 0.99, []time.Duration{19900 * time.Microsecond, 25 * ms, 25 * ms}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got []time.Duration
			for n := 1; n <= len(tc.want); n++ {
				got = append(got, tc.b.delay(n, tc.r))
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("delays = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestWindowSlides(t *testing.T) {
	var w window
	t0 := time.Unix(1000, 0)
	for i, step := range []struct {
		at   time.Duration
		want int
	}{{0, 1}, {time.Second, 2}, {2 * time.Second, 3}, {5 * time.Second, 3}, {6 * time.Second, 3}, {20 * time.Second, 1}} {
		if got := w.add(t0.Add(step.at), 5*time.Second); got != step.want {
			t.Fatalf("step %d (t+%s): %d restarts in window, want %d", i, step.at, got, step.want)
		}
	}
}

func TestBackoffGrowsAndResetsAfterHealthyTime(t *testing.T) {
	e := newEngine(t)
	rec := newRecorder()
	clock := &fakeClock{now: time.Unix(1_000_000, 0)}
	ms := time.Millisecond
	root := startRoot(t, e, Spec{
		Intensity: 100, Period: time.Hour,
		Children: []ChildSpec{{
			ID: "b", Producer: workerOf(nil), Restart: Permanent,
			Backoff: Backoff{Min: ms, Max: 8 * ms, Jitter: 0.5, ResetAfter: time.Hour},
		}},
		OnEvent: rec.hook,
		clock:   clock.Now,
		random:  func() float64 { return 0.5 },
	})
	pid := childInfo(t, e, root.PID(), "b").PID
	crash := func(inc int) time.Duration {
		t.Helper()
		e.Send(pid, boom{})
		ev := rec.wait(t, "restart scheduled", is(EventRestarting, "root/b", inc))
		rec.wait(t, "restarted", is(EventStarted, "root/b", inc+1))
		return ev.Delay
	}
	var delays []time.Duration
	for inc := 1; inc <= 5; inc++ {
		clock.Advance(time.Minute) // healthy, but less than ResetAfter
		delays = append(delays, crash(inc))
	}
	// ×1.25 jitter, capped at Max.
	want := []time.Duration{1250 * time.Microsecond, 2500 * time.Microsecond, 5 * ms, 8 * ms, 8 * ms}
	if !slices.Equal(delays, want) {
		t.Fatalf("scheduled delays = %v, want %v", delays, want)
	}
	clock.Advance(2 * time.Hour) // healthy for longer than ResetAfter
	if d := crash(6); d != 1250*time.Microsecond {
		t.Fatalf("delay after a healthy run = %v, want the first delay again", d)
	}
	if d := crash(7); d != 2500*time.Microsecond {
		t.Fatalf("delay after the reset grew to %v, want 2.5ms", d)
	}
}

func TestSupervisorStaysResponsiveDuringBackoff(t *testing.T) {
	// The backoff is a timer message, not a sleep: the supervisor answers
	// while the child waits an hour to restart.
	e := newEngine(t)
	rec := newRecorder()
	root := startRoot(t, e, Spec{
		Children: []ChildSpec{
			{ID: "slow", Producer: workerOf(nil), Backoff: Backoff{Min: time.Hour}},
			spec("other", Permanent, workerOf(nil)),
		},
		OnEvent: rec.hook,
	})
	e.Send(childInfo(t, e, root.PID(), "slow").PID, boom{})
	ev := rec.wait(t, "restart scheduled", is(EventRestarting, "root/slow", 1))
	if ev.Delay != time.Hour {
		t.Fatalf("delay = %v", ev.Delay)
	}
	if ci := childInfo(t, e, root.PID(), "slow"); ci.State != StateRestarting {
		t.Fatalf("slow: %+v", ci)
	}
	other := childInfo(t, e, root.PID(), "other").PID
	e.Send(other, boom{})
	rec.wait(t, "other restarted meanwhile", is(EventStarted, "root/other", 2))
}
