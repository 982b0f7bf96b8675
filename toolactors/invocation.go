package toolactors

import (
	"context"
	"time"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/supervisor"
	"github.com/wtagent/wtagent/toolactors/proc"
)

// toolFinished carries an invocation's result to the tools supervisor.
type toolFinished struct {
	id     string
	result messages.ToolResult
}

// invocationDone is the result of Run, delivered by supervisor.Go.
type invocationDone struct{ result messages.ToolResult }

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
	d     Deps
	inv   messages.InvokeTool
	front *actor.PID
	limit time.Duration
	timer *time.Timer
	done  bool
}

func newInvocation(id string, d Deps, inv messages.InvokeTool, front *actor.PID) actor.Producer {
	return func() actor.Receiver {
		return &invocation{id: id, d: d, inv: inv, front: front, limit: watchdogLimit(d, inv)}
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
			return invocationDone{result: Run(ctx, d, inv)}
		})
	case invocationDone:
		v.finish(c, m.result, nil)
	case watchdogFired:
		res := errResult(ErrTimedOut, map[string]any{"watchdog_s": v.limit.Seconds()})
		res.Message = "the tool did not finish within " + v.limit.Round(time.Second).String() + "; it was stopped"
		res.CallID, res.OpKey, res.Tool = v.inv.CallID, v.inv.OpKey, v.inv.Call.Name
		v.finish(c, res, ErrTimedOut)
	case actor.Stopped:
		if v.timer != nil {
			v.timer.Stop()
		}
	}
}

// finish reports the result once and ends the incarnation.
func (v *invocation) finish(c *actor.Context, res messages.ToolResult, exitErr error) {
	if v.done {
		return
	}
	v.done = true
	c.Send(v.front, toolFinished{id: v.id, result: res})
	supervisor.Exit(c, exitErr)
}

// watchdogLimit is how long an invocation may run before it is cut off:
// the call's own deadline plus the tree-kill grace and a margin, so a
// tool that honours its context always finishes first.
func watchdogLimit(d Deps, inv messages.InvokeTool) time.Duration {
	d = d.withDefaults()
	limit := callTimeout(d, inv)
	if inv.Call.Name == protocol.ToolTerminalExec {
		spec, _ := d.Catalogue.Lookup(inv.Call.Name)
		if a, err := decodeArgs(spec, inv.Call); err == nil {
			if ea, ok := a.(*protocol.ExecArgs); ok {
				limit = execTimeout(call{d: d, inv: inv, spec: spec}, ea)
			}
		}
	}
	slack := d.Grace + proc.KillWait + 5*time.Second
	if d.hooks != nil && d.hooks.watchdogSlack > 0 {
		slack = d.hooks.watchdogSlack
	}
	return limit + slack
}
