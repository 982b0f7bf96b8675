package actors

import (
	"fmt"

	"github.com/wtagent/wtagent/session/event"

	"github.com/anthdm/hollywood/actor"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/policy"
	"github.com/wtagent/wtagent/policy/boundary"
	"github.com/wtagent/wtagent/session"
	"github.com/wtagent/wtagent/supervisor"
)

// policyActor decides allow / ask / deny for every tool call before it runs.
// Its task grants are rebuilt from the event log when it starts, so a
// restart forgets nothing; CheckCalls that arrive before that are held.
type policyActor struct {
	cfg      *Config
	p        pids
	boundary *boundary.Boundary
	engine   *policy.Engine
	ready    bool
	held     []heldCheck
}

type heldCheck struct {
	from *actor.PID
	msg  messages.CheckCall
}

func newPolicyActor(cfg *Config, p pids) actor.Producer {
	return func() actor.Receiver { return &policyActor{cfg: cfg, p: p} }
}

// Receive implements actor.Receiver.
func (a *policyActor) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case actor.Started:
		b, err := boundary.Open(a.cfg.Root)
		if err != nil {
			supervisor.Exit(c, fmt.Errorf("policy: %w", err))
			return
		}
		a.boundary = b
		st := a.cfg.Sandbox.Status() // what the kernel holds: the rest asks
		a.engine = policy.New(policy.Config{
			Root: b.Dir(), Mode: a.cfg.Approvals, AllowEnv: a.cfg.AllowEnv,
			Rules: a.cfg.Rules, Home: a.cfg.Home, Environ: a.cfg.Environ, Protected: a.cfg.Protected,
			MCPTools: mcpPolicy(a.cfg.MCP), Confined: a.cfg.confined,
			Sandbox: policy.Containment{Files: st.HoldsWrites(), Processes: st.HoldsSignals(), Code: st.HoldsCode()},
		}, b)
		c.Send(a.p.eventlog, messages.ReadEvents{})
	case messages.EventBatch:
		rp, err := session.BuildReplay(m.Events)
		if err != nil {
			supervisor.Exit(c, fmt.Errorf("policy: rebuild grants: %w", err))
			return
		}
		for _, r := range rp.Rules {
			if err := a.engine.Grant(r); err != nil {
				a.cfg.Logger.Warn("policy refused a logged grant", "rule", r, "err", err)
			}
		}
		a.ready = true
		for _, h := range a.held {
			c.Send(h.from, a.check(h.msg))
		}
		a.held = nil
	case messages.CheckCall:
		if !a.ready {
			a.held = append(a.held, heldCheck{from: c.Sender(), msg: m})
			return
		}
		c.Send(c.Sender(), a.check(m))
	case messages.GrantRule:
		if err := a.engine.Grant(m.Rule); err != nil {
			a.cfg.Logger.Warn("policy refused a grant", "rule", m.Rule, "err", err)
		}
	case actor.Stopped:
		if a.boundary != nil {
			a.boundary.Close()
		}
	}
}

// check runs the engine on one call.
func (a *policyActor) check(m messages.CheckCall) messages.Verdict {
	v := a.engine.Check(m.Call)
	v.CallID = m.CallID
	if v.Decision != event.DecisionDeny {
		v.Outside = a.engine.Outside(m.Call)
	}
	return v
}
