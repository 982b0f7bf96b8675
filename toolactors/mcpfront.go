package toolactors

import (
	"fmt"
	"maps"
	"slices"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/supervisor"
)

// mcpRoute is the front's view of one server's actor.
type mcpRoute struct {
	pid *actor.PID
	up  bool
	// gone is why the server was given up; its calls fail at once.
	gone error
	// queue holds the calls waiting for an incarnation; sent the calls
	// handed to the current one that it has not accepted yet (an
	// incarnation that exits drops them: they go back to the queue).
	queue []mcpRun
	sent  map[int]mcpRun
}

// mcpFront takes every MCP call and routes it to its server's actor: it
// holds calls while a server is (re)starting, hands the ones an exiting
// incarnation never started to the next, and fails the calls of a server
// that was given up. It learns of the servers' starts and exits from the
// supervisor (Spec.Notify).
type mcpFront struct {
	routes map[string]*mcpRoute
	next   int
}

func newMCPFront(sub *actor.PID, servers []MCPServer) actor.Producer {
	return func() actor.Receiver {
		f := &mcpFront{routes: map[string]*mcpRoute{}}
		for _, s := range servers {
			f.routes[s.Name] = &mcpRoute{pid: supervisor.ChildPID(sub, s.Name), sent: map[int]mcpRun{}}
		}
		return f
	}
}

// Receive is the front's message switch.
func (f *mcpFront) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case mcpCall:
		f.call(c, m)
	case mcpAccepted:
		if r := f.routes[m.server]; r != nil {
			delete(r.sent, m.id)
		}
	case mcpReturned:
		if r := f.routes[m.server]; r != nil {
			r.up = false // this incarnation is going; hold calls for the next
			r.queue = append(r.queue, m.run)
			slices.SortFunc(r.queue, func(a, b mcpRun) int { return a.id - b.id })
		}
	case supervisor.ChildStarted:
		if r := f.routes[m.ID]; r != nil {
			r.up = true
			queue := r.queue
			r.queue = nil
			for _, run := range queue {
				f.send(c, r, run)
			}
		}
	case supervisor.ChildExited:
		if r := f.routes[m.ID]; r != nil {
			f.exited(r, m)
		}
	}
}

// call routes a new call.
func (f *mcpFront) call(c *actor.Context, m mcpCall) {
	r := f.routes[m.server]
	switch {
	case r == nil:
		m.answer(mcpReply{err: fmt.Errorf("%w: no MCP server %q in this run", ErrMCPServerGone, m.server)})
		return
	case r.gone != nil:
		m.answer(mcpReply{err: r.gone})
		return
	}
	f.next++
	run := mcpRun{id: f.next, call: m}
	if !r.up {
		r.queue = append(r.queue, run)
		return
	}
	f.send(c, r, run)
}

func (f *mcpFront) send(c *actor.Context, r *mcpRoute, run mcpRun) {
	r.sent[run.id] = run
	c.Send(r.pid, run)
}

// exited takes back the calls the incarnation never started (in their
// order); when the server will not be restarted they fail.
func (f *mcpFront) exited(r *mcpRoute, m supervisor.ChildExited) {
	r.up = false
	for _, id := range slices.Sorted(maps.Keys(r.sent)) {
		r.queue = append(r.queue, r.sent[id])
	}
	clear(r.sent)
	slices.SortFunc(r.queue, func(a, b mcpRun) int { return a.id - b.id })
	if m.WillRestart {
		return
	}
	r.gone = fmt.Errorf("%w: %s was stopped for good after it kept exiting: %v", ErrMCPServerGone, m.ID, m.Err)
	for _, run := range r.queue {
		run.call.answer(mcpReply{err: r.gone})
	}
	r.queue = nil
}
