package supervisor_test

import (
	"context"
	"fmt"
	"time"

	"github.com/anthdm/hollywood/actor"
	"github.com/wtagent/wtagent/supervisor"
)

// store is a permanent child holding state.
type store struct{ items []string }

func (s *store) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case string:
		s.items = append(s.items, m)
	}
}

// square asks the worker for n²; the reply is an int.
type square struct{ N int }

// squared carries a result from the worker's Go function back to it.
type squared struct {
	to *actor.PID
	n  int
}

// worker answers requests by running the work off its goroutine.
type worker struct{}

func (w *worker) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case square:
		to := c.Sender()
		supervisor.Go(c, func(ctx context.Context) any {
			return squared{to: to, n: m.N * m.N} // delivered to Receive
		})
	case squared:
		c.Engine().Send(m.to, m.n)
	}
}

func Example() {
	e, _ := actor.NewEngine(actor.NewEngineConfig())
	root := supervisor.Start(e, "root", supervisor.Spec{
		Strategy:  supervisor.OneForOne,
		Intensity: 3,
		Period:    time.Minute,
		Children: []supervisor.ChildSpec{
			{ID: "store", Producer: func() actor.Receiver { return &store{} }, Restart: supervisor.Permanent},
			{
				ID: "worker", Producer: func() actor.Receiver { return &worker{} },
				Restart: supervisor.Transient, Shutdown: 2 * time.Second,
				Backoff: supervisor.Backoff{Min: 10 * time.Millisecond, Max: time.Second, Jitter: 0.2},
			},
		},
		OnEvent: func(ev supervisor.Event) {
			if ev.Kind == supervisor.EventStarted || ev.Kind == supervisor.EventExited {
				fmt.Println(ev.Kind, ev.Child.Path, ev.Reason)
			}
		},
	})

	infos, _ := e.Request(root.PID(), supervisor.WhichChildren{}, time.Minute).Result()
	for _, ci := range infos.([]supervisor.ChildInfo) {
		fmt.Println(ci.ID, ci.Restart, ci.State, ci.PID.ID)
	}
	n, _ := e.Request(infos.([]supervisor.ChildInfo)[1].PID, square{N: 3}, time.Minute).Result()
	fmt.Println("3² =", n)

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	fmt.Println("shutdown:", root.Shutdown(ctx))
	// Output:
	// started root normal
	// started root/store normal
	// started root/worker normal
	// store permanent running supervisor/root/store
	// worker transient running supervisor/root/worker
	// 3² = 9
	// exited root/worker shutdown
	// exited root/store shutdown
	// exited root shutdown
	// shutdown: <nil>
}
