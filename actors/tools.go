package actors

import (
	"time"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/supervisor"
	"github.com/wtagent/wtagent/toolactors"
)

// toolChildren are the process and tools supervisors: dev servers first,
// so the tools that reach them stop before them.
func (rt *Runtime) toolChildren() []supervisor.ChildSpec {
	cfg, p, e := &rt.cfg, rt.p, rt.e
	sid := cfg.Session.ID()
	d := toolactors.Deps{
		Paths: rt.boundary, Spool: rt.spool, Catalogue: cfg.Catalogue, Now: cfg.Now,
		Output: func(o messages.ToolOutput) {
			e.Send(p.eventlog, messages.Publish{Event: textEvent(messages.EvToolOutput, sid, 0, o.CallID,
				messages.TextPayload{Text: string(o.Data), Stream: string(o.Stream), Kind: o.ProcessID})})
		},
	}
	return []supervisor.ChildSpec{
		{ID: idProcesses, Producer: toolactors.NewProcessSupervisor(d, p.controller, toolactors.ProcessRestart{}),
			Restart: supervisor.Permanent, Shutdown: 20 * time.Second},
		{ID: idTools, Producer: toolactors.NewToolsSupervisor(d, p.processes),
			Restart: supervisor.Permanent, Shutdown: 15 * time.Second},
	}
}
