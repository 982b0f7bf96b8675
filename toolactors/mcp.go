package toolactors

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/anthdm/hollywood/actor"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/wtagent/wtagent/internal/mcpclient"
	"github.com/wtagent/wtagent/supervisor"
)

// MCPServer is one of a run's MCP servers, run by its own supervised
// actor (see NewMCPSupervisor).
type MCPServer struct {
	// Name is the server's name in the config (mcp.NAME.TOOL).
	Name string
	// Connect starts the server and connects to it; every incarnation
	// after the first (a restart after the server died) calls it.
	Connect func(ctx context.Context) (*mcpclient.Conn, error)
	// First is the connection opened to list the tools before the run:
	// the first incarnation adopts it instead of connecting. May be nil.
	First *mcpclient.Conn
}

// ErrMCPServerGone is the error of a call whose server exited (crashed)
// while it ran, or that could not be restarted.
var ErrMCPServerGone = errors.New("the MCP server is not running")

// mcpCall is a call of one server's tool, sent to the front of the MCP
// subtree by the tool function; exactly one mcpReply goes to reply
// (buffered).
type mcpCall struct {
	// ctx is the caller's: its deadline and cancellation end the call.
	ctx    context.Context
	server string
	tool   string
	args   map[string]any
	reply  chan<- mcpReply
}

// mcpReply is a call's outcome.
type mcpReply struct {
	result *mcp.CallToolResult
	err    error
}

// answer sends the call's one reply; it never blocks (the channel holds
// the one reply the caller reads).
func (m mcpCall) answer(r mcpReply) {
	select {
	case m.reply <- r:
	default:
	}
}

// mcpRun hands a call to a server actor; id names it to the front.
type mcpRun struct {
	id   int
	call mcpCall
}

// mcpAccepted tells the front that a server actor has started a call: it
// replies to it from then on, whatever happens to the server.
type mcpAccepted struct {
	server string
	id     int
}

// mcpReturned gives the front back a call an incarnation will not make:
// its connection had already ended. The front keeps it for the next
// incarnation.
type mcpReturned struct {
	server string
	run    mcpRun
}

// mcpConnected is the outcome of an incarnation's Connect.
type mcpConnected struct {
	conn *mcpclient.Conn
	err  error
}

// mcpGone says the incarnation's server connection ended.
type mcpGone struct{ err error }

// mcpFrontID is the MCP subtree's front worker: a name no server can
// have (server names hold no dots).
const mcpFrontID = ".front"

// MCPFront returns the PID of the worker that takes the calls of the MCP
// subtree at sub (NewMCPSupervisor).
func MCPFront(sub *actor.PID) *actor.PID { return supervisor.ChildPID(sub, mcpFrontID) }

// The MCP subtree's restart policy: a server that dies is restarted after
// a backoff; one that dies 4 times in 2 minutes is given up (only it).
const (
	mcpIntensity = 4
	mcpPeriod    = 2 * time.Minute
)

// NewMCPSupervisor returns the producer of the MCP subtree at the PID
// sub: a supervisor (one_for_one, each server isolated) of a front
// worker, MCPFront(sub), that takes the calls, and one actor per server
// that owns its connection. A server that exits is restarted with
// backoff: the call it was running fails with ErrMCPServerGone, the calls
// it had not started wait for the next incarnation; one that keeps dying
// is given up, and its calls fail at once.
func NewMCPSupervisor(sub *actor.PID, servers []MCPServer) actor.Producer {
	front := MCPFront(sub)
	children := []supervisor.ChildSpec{{ID: mcpFrontID, Producer: newMCPFront(sub, servers), Restart: supervisor.Permanent, Shutdown: time.Second}}
	for _, s := range servers {
		first := &firstConn{conn: s.First}
		children = append(children, supervisor.ChildSpec{
			ID:       s.Name,
			Producer: func() actor.Receiver { return &mcpServerActor{server: s, first: first, front: front} },
			Restart:  supervisor.Permanent, Shutdown: 10 * time.Second,
			Backoff: supervisor.Backoff{Min: 200 * time.Millisecond, Max: 10 * time.Second, Jitter: 0.2, ResetAfter: time.Minute},
		})
	}
	return supervisor.New(supervisor.Spec{Strategy: supervisor.OneForOne, Isolate: true, Intensity: mcpIntensity, Period: mcpPeriod,
		Notify: []*actor.PID{front}, Children: children})
}

// firstConn hands the pre-opened connection to exactly one incarnation.
type firstConn struct {
	mu   sync.Mutex
	conn *mcpclient.Conn
}

func (f *firstConn) take() *mcpclient.Conn {
	f.mu.Lock()
	defer f.mu.Unlock()
	c := f.conn
	f.conn = nil
	return c
}

// mcpServerActor owns one server's connection: it connects (or adopts
// the first connection), runs each call off its goroutine, and exits
// abnormally when the server's connection ends, so that its supervisor
// restarts the server.
type mcpServerActor struct {
	server  MCPServer
	first   *firstConn
	front   *actor.PID
	conn    *mcpclient.Conn
	waiting []mcpRun // calls that arrived before the connection
}

// Receive is the server actor's message switch.
func (a *mcpServerActor) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case actor.Started:
		if conn := a.first.take(); conn != nil {
			a.ready(c, conn)
			return
		}
		connect := a.server.Connect
		supervisor.Go(c, func(ctx context.Context) any {
			conn, err := connect(ctx)
			return mcpConnected{conn: conn, err: err}
		})
	case mcpConnected:
		if m.err != nil {
			supervisor.Exit(c, fmt.Errorf("%w: %s: %w", ErrMCPServerGone, a.server.Name, m.err))
			return
		}
		a.ready(c, m.conn)
	case mcpRun:
		if a.conn == nil {
			a.waiting = append(a.waiting, m)
			return
		}
		a.run(c, m)
	case mcpGone:
		supervisor.Exit(c, fmt.Errorf("%w: %s exited: %w", ErrMCPServerGone, a.server.Name, m.err))
	case actor.Stopped:
		if a.conn != nil {
			a.conn.Close() // the calls not started wait at the front for the next incarnation
		}
	}
}

// ready takes conn: it runs the calls that waited and watches the
// connection's end.
func (a *mcpServerActor) ready(c *actor.Context, conn *mcpclient.Conn) {
	a.conn = conn
	supervisor.Go(c, func(ctx context.Context) any {
		select {
		case <-conn.Done():
			return mcpGone{err: conn.Err()}
		case <-ctx.Done():
			return nil
		}
	})
	for _, m := range a.waiting {
		a.run(c, m)
	}
	a.waiting = nil
}

// run tells the front the call is taken and runs it on its own goroutine,
// bound to the incarnation: a server that dies during it fails it, and so
// does a stop. A call that finds the connection already ended is handed
// back to the front unsent.
func (a *mcpServerActor) run(c *actor.Context, m mcpRun) {
	if a.conn.Err() != nil { // the server is gone: the next incarnation makes the call
		c.Send(a.front, mcpReturned{server: a.server.Name, run: m})
		return
	}
	c.Send(a.front, mcpAccepted{server: a.server.Name, id: m.id})
	conn, name, call, e, front := a.conn, a.server.Name, m.call, c.Engine(), a.front
	supervisor.Go(c, func(ctx context.Context) any {
		if conn.Err() != nil {
			// Sent from here: the incarnation may be exiting, and it is
			// over only when this returns, so the front hears of it first.
			e.Send(front, mcpReturned{server: name, run: m})
			return nil
		}
		callCtx, cancel := context.WithCancel(call.ctx)
		defer cancel()
		defer context.AfterFunc(ctx, cancel)()
		res, err := conn.Call(callCtx, call.tool, call.args)
		if err != nil && ctx.Err() != nil {
			// The incarnation ended first: say why the server went.
			why := conn.Err()
			if why == nil {
				why = err
			}
			err = fmt.Errorf("%w: %s: %w", ErrMCPServerGone, name, why)
		}
		call.answer(mcpReply{result: res, err: err})
		return nil
	})
}
