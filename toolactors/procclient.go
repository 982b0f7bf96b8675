package toolactors

import (
	"context"
	"fmt"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/toolactors/tools"
)

// Requests the process supervisor answers (besides messages.ListProcesses
// and messages.StopAllProcesses).
type (
	procStartReq struct{ spec tools.ProcessSpec }
	procReadReq  struct {
		id    string
		since int64
		limit int
	}
	procStopReq struct{ id string }
)

// procReply is the answer to a procStartReq, procReadReq or procStopReq.
type procReply struct {
	started tools.ProcessStarted
	output  tools.ProcessOutput
	info    event.ProcessInfo
	err     error
}

// NewProcessClient returns the Processes the process.* tools use to reach
// the process subtree's front (Front of NewProcessSupervisor) at pid. Its
// methods block, so call them off actor goroutines (the invocation actors
// do).
func NewProcessClient(e *actor.Engine, pid *actor.PID) tools.Processes {
	return processClient{e: e, pid: pid}
}

type processClient struct {
	e   *actor.Engine
	pid *actor.PID
}

// defaultRequestWait bounds a request when the context has no deadline.
const defaultRequestWait = 30 * time.Second

// ask sends msg and waits for the reply, the context's end or the wait
// bound, whichever is first. The reply goes to a one-shot actor, so a
// cancelled wait leaves nothing behind (an engine.Request future could not
// be abandoned before its timeout).
func (p processClient) ask(ctx context.Context, msg any, extra time.Duration) (any, error) {
	wait := defaultRequestWait + extra
	if dl, ok := ctx.Deadline(); ok {
		wait = time.Until(dl)
	}
	if wait <= 0 {
		return nil, tools.ContextError(ctx)
	}
	got := make(chan any, 1)
	reply := p.e.SpawnFunc(func(c *actor.Context) {
		switch c.Message().(type) {
		case actor.Initialized, actor.Started, actor.Stopped:
			return
		}
		select {
		case got <- c.Message():
		default:
		}
	}, "toolactors-reply")
	defer p.e.Poison(reply)
	p.e.SendWithSender(p.pid, msg, reply)
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case v := <-got:
		if e, ok := v.(error); ok {
			return nil, e
		}
		return v, nil
	case <-ctx.Done():
		return nil, tools.ContextError(ctx)
	case <-timer.C:
		return nil, fmt.Errorf("%w: no answer from the process supervisor within %s", tools.ErrTimedOut, wait.Round(time.Millisecond))
	}
}

func (p processClient) reply(ctx context.Context, msg any, extra time.Duration) (procReply, error) {
	v, err := p.ask(ctx, msg, extra)
	if err != nil {
		return procReply{}, err
	}
	r, ok := v.(procReply)
	if !ok {
		return procReply{}, fmt.Errorf("process supervisor: unexpected reply %T", v)
	}
	return r, r.err
}

// Start implements Processes.
func (p processClient) Start(ctx context.Context, spec tools.ProcessSpec) (tools.ProcessStarted, error) {
	r, err := p.reply(ctx, procStartReq{spec: spec}, spec.ReadyTimeout)
	return r.started, err
}

// Read implements Processes.
func (p processClient) Read(ctx context.Context, id string, since int64) (tools.ProcessOutput, error) {
	r, err := p.reply(ctx, procReadReq{id: id, since: since}, 0)
	return r.output, err
}

// Stop implements Processes.
func (p processClient) Stop(ctx context.Context, id string) (event.ProcessInfo, error) {
	r, err := p.reply(ctx, procStopReq{id: id}, 0)
	return r.info, err
}

// List implements Processes.
func (p processClient) List(ctx context.Context) ([]event.ProcessInfo, error) {
	v, err := p.ask(ctx, messages.ListProcesses{}, 0)
	if err != nil {
		return nil, err
	}
	l, ok := v.(messages.ProcessList)
	if !ok {
		return nil, fmt.Errorf("process supervisor: unexpected reply %T", v)
	}
	return l.Processes, nil
}
