package toolactors

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/supervisor"
	"github.com/wtagent/wtagent/toolactors/tools"
)

// Requests the process supervisor answers (besides messages.ListProcesses
// and messages.StopAllProcesses). They are supervisor.Requests: if the
// front fails before answering, the client hears it at once.
type (
	procStartReq struct {
		supervisor.Ask
		spec tools.ProcessSpec
	}
	procReadReq struct {
		supervisor.Ask
		id    string
		since int64
		limit int
	}
	procStopReq struct {
		supervisor.Ask
		id string
	}
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

// ask sends msg with supervisor.Call and waits for the reply of type R,
// the context's end or the wait bound, whichever is first.
func ask[R any](ctx context.Context, p processClient, msg any, extra time.Duration) (R, error) {
	var zero R
	wait := defaultRequestWait + extra
	if dl, ok := ctx.Deadline(); ok {
		wait = time.Until(dl)
	}
	if wait <= 0 {
		return zero, tools.ContextError(ctx)
	}
	callCtx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	v, err := supervisor.Call[R](callCtx, p.e, p.pid, msg)
	switch {
	case err == nil:
		return v, nil
	case ctx.Err() != nil:
		return zero, tools.ContextError(ctx)
	case errors.Is(err, supervisor.ErrTimeout):
		return zero, fmt.Errorf("%w: no answer from the process supervisor within %s", tools.ErrTimedOut, wait.Round(time.Millisecond))
	}
	return zero, err
}

func (p processClient) reply(ctx context.Context, msg any, extra time.Duration) (procReply, error) {
	r, err := ask[procReply](ctx, p, msg, extra)
	if err != nil {
		return procReply{}, err
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
	l, err := ask[messages.ProcessList](ctx, p, messages.ListProcesses{}, 0)
	if err != nil {
		return nil, err
	}
	return l.Processes, nil
}
