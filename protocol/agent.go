package protocol

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// ToolAgentRun starts a sub-agent: a session of its own, in a
// conversation of its own, that works on one task and reports back.
const ToolAgentRun = "agent.run"

// The modes of agent.run.
const (
	AgentModeRead  = "read"
	AgentModeWrite = "write"
)

// AgentRunArgs are the arguments of agent.run.
type AgentRunArgs struct {
	Task  string   `arg:"task" json:"task"`
	Mode  string   `arg:"mode" json:"mode"`
	Paths []string `arg:"paths" json:"paths,omitempty"`
}

// AgentRunSpec is agent.run's catalogue entry. It is offered only where
// sub-agents can run (see Catalogue.Without for the sub-agents' own
// catalogue, which has no agent.run).
func AgentRunSpec() ToolSpec {
	return ToolSpec{
		Name: ToolAgentRun,
		Description: "Start a sub-agent in a conversation of its own on an independent task; returns its final message and what it read, " +
			"changed and verified. mode read (default) changes nothing, and several read sub-agents in one reply run at once; " +
			"mode write may change only its paths.",
		Args: []ArgSpec{
			{Name: "task", Type: ArgText, Required: true, NonEmpty: true, MaxLen: 64 << 10, Doc: "the sub-agent's instructions, complete on their own"},
			{Name: "mode", Type: ArgEnum, Default: AgentModeRead, Enum: []string{AgentModeRead, AgentModeWrite}, Doc: "read or write"},
			{Name: "paths", Type: ArgList, Doc: "for write: the files and directories it may change, one <item> each"},
		},
		Risk: event.RiskRead, Timeout: 2 * time.Hour, OutputLimit: 32 << 10,
		New: func() any { return new(AgentRunArgs) },
	}
}

// DecodeAgentRun returns the arguments of an agent.run call: its typed
// Args, or its canonical JSON.
func DecodeAgentRun(call *event.ToolCall) (AgentRunArgs, error) {
	var a AgentRunArgs
	switch typed := call.Args.(type) {
	case *AgentRunArgs:
		if typed != nil {
			a = *typed
		}
	case AgentRunArgs:
		a = typed
	default:
		if err := json.Unmarshal(call.CanonicalArgs, &a); err != nil {
			return a, err
		}
	}
	if a.Mode == "" {
		a.Mode = AgentModeRead
	}
	return a, nil
}

// CallReadOnly reports whether one call has no side effects: a call of a
// ReadOnly tool, or an agent.run in mode read (its sub-agent changes
// nothing). A tool the catalogue does not know is not read-only.
func CallReadOnly(call *event.ToolCall, cat *Catalogue) bool {
	spec, ok := cat.Lookup(call.Name)
	if !ok {
		return false
	}
	if spec.ReadOnly {
		return true
	}
	if call.Name != ToolAgentRun {
		return false
	}
	a, err := DecodeAgentRun(call)
	return err == nil && a.Mode == AgentModeRead
}

// CallConcurrent reports whether a call may run at the same time as the
// reply's other such calls: a read (CallReadOnly), or any agent.run — a
// write sub-agent is confined to its paths, and the runtime starts it only
// when no running one holds an overlapping path.
func CallConcurrent(call *event.ToolCall, cat *Catalogue) bool {
	if _, ok := cat.Lookup(call.Name); ok && call.Name == ToolAgentRun {
		return true
	}
	return CallReadOnly(call, cat)
}

// Without returns a copy of c without the named tools.
func (c *Catalogue) Without(names ...string) *Catalogue {
	drop := map[string]bool{}
	for _, n := range names {
		drop[n] = true
	}
	var specs []ToolSpec
	for _, s := range c.specs {
		if !drop[s.Name] {
			specs = append(specs, s)
		}
	}
	out := NewCatalogue(specs...)
	out.maxCalls, out.chain = c.maxCalls, c.chain
	return out
}

// With returns a copy of c with the given tools after its own.
func (c *Catalogue) With(specs ...ToolSpec) *Catalogue {
	out := NewCatalogue(append(c.Specs(), specs...)...)
	out.maxCalls, out.chain = c.maxCalls, c.chain
	return out
}

// agentSummary is an agent.run call in one line: its mode and paths for a
// write sub-agent, and the start of its task.
func agentSummary(task, mode string, paths any) string {
	words := strings.Fields(task)
	if len(words) > 12 {
		words = append(words[:12], "…")
	}
	s := strings.Join(words, " ")
	if mode != AgentModeWrite {
		return s
	}
	var ps []string
	if list, ok := paths.([]any); ok {
		for _, p := range list {
			if p, ok := p.(string); ok {
				ps = append(ps, p)
			}
		}
	}
	return "write " + strings.Join(ps, ", ") + ": " + s
}
