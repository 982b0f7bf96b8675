package supervisor

import (
	"context"
	"testing"
	"time"

	"github.com/anthdm/hollywood/actor"
)

// BenchmarkRestart measures crash → fresh incarnation running: the panic
// is recovered, the old incarnation leaves the registry, the supervisor
// decides and spawns the new one.
func BenchmarkRestart(b *testing.B) {
	e := newEngine(b)
	started := make(chan struct{}, 1)
	signal := func(w *worker) { w.onStart = func(*actor.Context) { started <- struct{}{} } }
	root := Start(e, "bench", Spec{
		Intensity: 1, Period: time.Nanosecond, // never breached
		Children: []ChildSpec{spec("w", Permanent, workerOf(nil, signal))},
	})
	defer shutdownBench(b, root)
	<-started
	pid := actor.NewPID(e.Address(), "supervisor/bench/w")
	b.ReportAllocs()
	b.ResetTimer()
	begin := time.Now()
	for range b.N {
		e.Send(pid, boom{})
		<-started
	}
	b.ReportMetric(float64(time.Since(begin).Microseconds())/float64(b.N), "µs/restart")
}

// BenchmarkTemporaryChild measures StartChild (Request) plus the exit and
// removal of a temporary child, the life of one tool invocation.
func BenchmarkTemporaryChild(b *testing.B) {
	e := newEngine(b)
	exited := make(chan struct{}, 1)
	root := Start(e, "bench", Spec{OnEvent: func(ev Event) {
		if ev.Kind == EventExited {
			exited <- struct{}{}
		}
	}})
	defer shutdownBench(b, root)
	call := spec("call", Temporary, workerOf(nil, func(w *worker) {
		w.onStart = func(c *actor.Context) { Exit(c, nil) }
	}))
	b.ReportAllocs()
	b.ResetTimer()
	begin := time.Now()
	for range b.N {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		r, err := Call[ChildStartResult](ctx, e, root.PID(), StartChild{Spec: call})
		cancel()
		if r.PID == nil || err != nil {
			b.Fatalf("StartChild: %+v %v", r, err)
		}
		<-exited
	}
	b.ReportMetric(float64(time.Since(begin).Microseconds())/float64(b.N), "µs/child")
}

func shutdownBench(b *testing.B, root *Root) {
	b.StopTimer()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := root.Shutdown(ctx); err != nil {
		b.Fatal(err)
	}
}
