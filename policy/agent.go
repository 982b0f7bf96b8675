package policy

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/wtagent/wtagent/policy/boundary"
	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/session/event"
)

// Confinement is what a sub-agent's engine allows beyond the main one's
// rules: it starts no sub-agents, and its file tools change only the
// Writable paths.
type Confinement struct {
	// Agent names the sub-agent in reasons ("sub-agent 2").
	Agent string
	// Writable are the root-relative paths (files or directories) the
	// sub-agent may change; none for a read sub-agent.
	Writable []string
}

// AgentPaths resolves the paths of a write agent.run against the project
// root: clean root-relative paths, or an error naming the first path that
// is malformed, outside the root or wtagent's own data.
func (e *Engine) AgentPaths(paths []string) ([]string, error) {
	if e.b == nil {
		return nil, fmt.Errorf("no project root is open")
	}
	out := make([]string, 0, len(paths))
	for _, p := range paths {
		loc, err := e.b.Locate(p, e.home)
		switch {
		case err != nil:
			return nil, fmt.Errorf("%s", boundary.ReasonOf(err))
		case e.protected(loc.Abs):
			return nil, fmt.Errorf("%s is wtagent's own data, which the model may never touch", loc.Abs)
		case !loc.Inside:
			return nil, fmt.Errorf("the path %s is outside the project root: a sub-agent changes only files of the project", p)
		}
		out = append(out, loc.Rel)
	}
	return out, nil
}

// agentAccess judges an agent.run call: a sub-agent starts none; a task
// is given; a write sub-agent names its paths inside the project, a read
// one none.
func (e *Engine) agentAccess(a *protocol.AgentRunArgs) assessment {
	as := assessment{base: event.RiskRead, subject: protocol.ToolAgentRun}
	switch {
	case e.confined != nil:
		as.denied = "a sub-agent cannot start sub-agents (agent.run): do the work yourself"
	case strings.TrimSpace(a.Task) == "":
		as.denied = "the task is empty: give the sub-agent complete instructions"
	case a.Mode == protocol.AgentModeWrite && len(a.Paths) == 0:
		as.denied = "a write sub-agent needs paths: the files and directories it may change"
	case a.Mode != protocol.AgentModeWrite && len(a.Paths) > 0:
		as.denied = "paths are for mode write: a read sub-agent changes nothing"
	}
	if as.denied != "" {
		return as
	}
	if a.Mode != protocol.AgentModeWrite {
		as.allow = "starts a read sub-agent"
		return as
	}
	rels, err := e.AgentPaths(a.Paths)
	if err != nil {
		as.denied = err.Error()
		return as
	}
	as.base, as.subject = event.RiskWrite, strings.Join(rels, ", ")
	as.allow = "starts a write sub-agent that may change " + strings.Join(rels, ", ")
	return as
}

// confinedWrite is why a sub-agent's engine refuses a change of the
// location ("" when it may change it).
func (e *Engine) confinedWrite(loc boundary.Location, verb string) string {
	c := e.confined
	if c == nil {
		return ""
	}
	if loc.Inside {
		for _, w := range c.Writable {
			if w == "." {
				return ""
			}
			if _, ok := e.b.Case().Within(loc.Rel, w, filepath.Separator); ok {
				return ""
			}
		}
	}
	shown := loc.Rel
	if !loc.Inside {
		shown = loc.Abs
	}
	if len(c.Writable) == 0 {
		return fmt.Sprintf("%s is a read sub-agent: it %s nothing (%s)", c.Agent, verb, shown)
	}
	return fmt.Sprintf("%s may change only %s; %s is outside them", c.Agent, strings.Join(c.Writable, ", "), shown)
}
