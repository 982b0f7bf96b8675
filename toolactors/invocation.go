package toolactors

import (
	"context"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/supervisor"
	"github.com/wtagent/wtagent/toolactors/proc"
	"github.com/wtagent/wtagent/toolactors/tools"
)

// toolFinished carries an invocation's result to the tools supervisor.
type toolFinished struct {
	id     string
	result event.ToolResult
}

// invocationDone is the result of Run, delivered by supervisor.Go.
type invocationDone struct{ result event.ToolResult }

// watchdogFired tells an invocation that its call overran every deadline.
type watchdogFired struct{}

// invocation is the temporary actor that runs one tool call: Run off the
// actor goroutine (supervisor.Go, bound to the incarnation's context), its
// result sent to the tools supervisor, then a normal exit. A panic in the
// tool is a crash the supervisor sees (reason Panic); a call that ignores
// its deadline is cut off by a watchdog (status timeout, exit Failed, and
// the cancelled context kills what it started).
type invocation struct {
	id    string
	d     tools.Deps
	inv   messages.InvokeTool
	front *actor.PID
	limit time.Duration
	timer *time.Timer
	done  bool
}

func newInvocation(id string, d tools.Deps, inv messages.InvokeTool, front *actor.PID, slack time.Duration) actor.Producer {
	return func() actor.Receiver {
		return &invocation{id: id, d: d, inv: inv, front: front, limit: watchdogLimit(d, inv, slack)}
	}
}

// Receive is the invocation's message switch.
func (v *invocation) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case actor.Started:
		e, self := c.Engine(), c.PID()
		v.timer = time.AfterFunc(v.limit, func() { e.Send(self, watchdogFired{}) })
		d, inv := v.d, v.inv
		supervisor.Go(c, func(ctx context.Context) any {
			return invocationDone{result: tools.Run(ctx, d, inv)}
		})
	case invocationDone:
		v.finish(c, m.result, nil)
	case watchdogFired:
		res := tools.ErrorResult(tools.ErrTimedOut, map[string]any{"watchdog_s": v.limit.Seconds()})
		res.Message = "the tool did not finish within " + v.limit.Round(time.Second).String() + "; it was stopped"
		res.CallID, res.OpKey, res.Tool = v.inv.CallID, v.inv.OpKey, v.inv.Call.Name
		v.finish(c, res, tools.ErrTimedOut)
	case actor.Stopped:
		if v.timer != nil {
			v.timer.Stop()
		}
	}
}

// finish reports the result once and ends the incarnation.
func (v *invocation) finish(c *actor.Context, res event.ToolResult, exitErr error) {
	if v.done {
		return
	}
	v.done = true
	c.Send(v.front, toolFinished{id: v.id, result: res})
	supervisor.Exit(c, exitErr)
}

// watchdogLimit is how long an invocation may run before it is cut off:
// the call's own deadline plus the tree-kill grace and a margin, so a
// tool that honours its context always finishes first. slack, when
// positive, replaces the grace and the margin (tests).
func watchdogLimit(d tools.Deps, inv messages.InvokeTool, slack time.Duration) time.Duration {
	d = d.WithDefaults()
	limit := tools.CallLimit(d, inv)
	if slack <= 0 {
		slack = d.Grace + proc.KillWait + 5*time.Second
	}
	return limit + slack
}
