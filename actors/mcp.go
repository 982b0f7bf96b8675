package actors

import (
	"fmt"
	"time"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/policy"
	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/supervisor"
	"github.com/wtagent/wtagent/toolactors"
	"github.com/wtagent/wtagent/toolactors/tools"
)

// MCPServer is one of the run's MCP servers with the tools it offers the
// model; the caller connected it to list them.
type MCPServer struct {
	toolactors.MCPServer
	// Tools are the server's tools in the catalogue.
	Tools []MCPTool
}

// MCPTool is one tool of an MCP server as the run offers it.
type MCPTool struct {
	// Spec is its catalogue entry, named mcp.SERVER.TOOL.
	Spec protocol.ToolSpec
	// Name is the tool's own name on its server.
	Name string
	// Policy is what the policy engine knows of it.
	Policy policy.MCPTool
}

// withMCP returns cat with the MCP servers' tools after its own.
func withMCP(cat *protocol.Catalogue, servers []MCPServer) (*protocol.Catalogue, error) {
	if len(servers) == 0 {
		return cat, nil
	}
	specs := cat.Specs()
	for _, s := range servers {
		for _, t := range s.Tools {
			specs = append(specs, t.Spec)
		}
	}
	out := protocol.NewCatalogue(specs...)
	if err := out.Validate(); err != nil {
		return nil, fmt.Errorf("actors: the MCP tools: %w", err)
	}
	out, err := out.WithMaxCalls(cat.MaxCalls())
	if err != nil {
		return nil, err
	}
	return out.WithChain(cat.Chains()), nil
}

// mcpPolicy is the policy's view of the MCP tools by catalogue name.
func mcpPolicy(servers []MCPServer) map[string]policy.MCPTool {
	m := map[string]policy.MCPTool{}
	for _, s := range servers {
		for _, t := range s.Tools {
			m[t.Spec.Name] = t.Policy
		}
	}
	return m
}

// mcpChildren is the MCP subtree when the run has servers.
func (rt *Runtime) mcpChildren() []supervisor.ChildSpec {
	if len(rt.cfg.MCP) == 0 {
		return nil
	}
	servers := make([]toolactors.MCPServer, len(rt.cfg.MCP))
	for i, s := range rt.cfg.MCP {
		servers[i] = s.MCPServer
	}
	return []supervisor.ChildSpec{{ID: idMCP, Producer: toolactors.NewMCPSupervisor(pidOf(rt.e, pathMCP), servers),
		Restart: supervisor.Permanent, Shutdown: 15 * time.Second}}
}

// mcpTools are the tool functions of the MCP tools, each reaching its
// server through the MCP subtree's front.
func mcpTools(e *actor.Engine, servers []MCPServer) map[string]tools.Func {
	m := map[string]tools.Func{}
	front := toolactors.MCPFront(pidOf(e, pathMCP))
	for _, s := range servers {
		for _, t := range s.Tools {
			m[t.Spec.Name] = toolactors.MCPTool(e, front, s.Name, t.Name, t.Spec.OutputLimit)
		}
	}
	return m
}
