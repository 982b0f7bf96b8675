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

// square asks the worker for n²; the reply is an int. It embeds
// supervisor.Ask, so it is a Request: if the worker fails before
// answering, the caller gets a supervisor.RequestFailed at once.
type square struct {
	supervisor.Ask
	N int
}

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
		to := m.ReplyTo
		if to == nil {
			to = c.Sender()
		}
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

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	infos, _ := supervisor.Call[supervisor.ChildrenResult](ctx, e, root.PID(), supervisor.WhichChildren{})
	for _, ci := range infos.Children {
		fmt.Println(ci.ID, ci.Restart, ci.State, ci.PID.ID)
	}
	n, _ := supervisor.Call[int](ctx, e, infos.Children[1].PID, square{N: 3})
	fmt.Println("3² =", n)

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
