package actors

import (
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/supervisor"
	"github.com/wtagent/wtagent/toolactors"
	"github.com/wtagent/wtagent/toolactors/liveoutput"
	"github.com/wtagent/wtagent/toolactors/tools"
)

// newToolOutput coalesces tools' live output into tool.output events.
func newToolOutput(e *actor.Engine, eventlog *actor.PID, sid string) *liveoutput.Coalescer {
	return liveoutput.New(50*time.Millisecond, 64<<10, func(k liveoutput.Key, text string) {
		e.Send(eventlog, messages.Publish{Event: textEvent(event.EvToolOutput, sid, 0, k.CallID,
			event.TextPayload{Text: text, Stream: string(k.Stream), Kind: k.ProcessID})})
	})
}

// toolChildren are the process and tools supervisors: dev servers first,
// so the tools that reach them stop before them. The MCP servers start
// before both (mcpChildren).
func (rt *Runtime) toolChildren() []supervisor.ChildSpec {
	cfg, p := &rt.cfg, rt.p
	d := tools.Deps{
		Paths: rt.boundary, Spool: rt.spoolWriter, Catalogue: cfg.Catalogue, Now: cfg.Now, Output: cfg.live.Add,
		Sandbox: cfg.Sandbox, Tools: mcpTools(rt.e, cfg.MCP),
	}
	if _, ok := cfg.Catalogue.Lookup(protocol.ToolAgentRun); ok {
		d.Tools[protocol.ToolAgentRun] = rt.runAgent
	}
	return []supervisor.ChildSpec{
		{ID: idProcesses, Producer: toolactors.NewProcessSupervisor(d, p.controller, toolactors.ProcessRestart{}),
			Restart: supervisor.Permanent, Shutdown: 20 * time.Second},
		{ID: idTools, Producer: toolactors.NewToolsSupervisor(d, p.processes),
			Restart: supervisor.Permanent, Shutdown: 15 * time.Second},
	}
}
