package policy

import (
	"fmt"
	"path"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/protocol"
)

// toolPolicy is the table of tool policies: every tool of
// protocol.DefaultCatalogue has one (a test enforces it), and a tool name
// without one is denied.
func toolPolicy(name string) func(*Engine, any) assessment {
	switch name {
	case protocol.ToolFSList:
		return typed(func(e *Engine, a *protocol.FSListArgs) assessment {
			return e.fileAccess(a.Path, access{verb: "lists", base: event.RiskRead})
		})
	case protocol.ToolFSRead:
		return typed(func(e *Engine, a *protocol.FSReadArgs) assessment {
			return e.fileAccess(a.Path, access{verb: "reads", base: event.RiskRead, content: true})
		})
	case protocol.ToolFSWrite:
		return typed(func(e *Engine, a *protocol.FSWriteArgs) assessment {
			return e.fileAccess(a.Path, access{verb: "writes", base: event.RiskWrite, content: true, write: true})
		})
	case protocol.ToolFSEdit:
		return typed(func(e *Engine, a *protocol.FSEditArgs) assessment {
			return e.fileAccess(a.Path, access{verb: "edits", base: event.RiskWrite, content: true, write: true})
		})
	case protocol.ToolFSPatch:
		return typed(func(e *Engine, a *protocol.FSPatchArgs) assessment {
			return e.patchAccess(a.Patch)
		})
	case protocol.ToolFSSearch:
		return typed(func(e *Engine, a *protocol.FSSearchArgs) assessment {
			if _, err := path.Match(a.Glob, ""); a.Glob != "" && err != nil {
				return assessment{base: event.RiskRead, subject: a.Glob, denied: fmt.Sprintf("the glob %q is malformed", a.Glob)}
			}
			return e.fileAccess(a.Path, access{verb: "searches", base: event.RiskRead})
		})
	case protocol.ToolTerminalExec:
		return typed(func(e *Engine, a *protocol.ExecArgs) assessment {
			return e.execAccess(a.Program, a.Argv, a.Cwd, a.Env)
		})
	case protocol.ToolProcessStart:
		return typed(func(e *Engine, a *protocol.ProcessStartArgs) assessment {
			return e.execAccess(a.Program, a.Argv, a.Cwd, a.Env)
		})
	case protocol.ToolProcessRead:
		return typed(func(_ *Engine, a *protocol.ProcessReadArgs) assessment {
			return processAccess(a.ProcessID, "reads the output of", event.RiskRead)
		})
	case protocol.ToolProcessStop:
		return typed(func(_ *Engine, a *protocol.ProcessStopArgs) assessment {
			return processAccess(a.ProcessID, "stops", event.RiskExecute)
		})
	case protocol.ToolProcessList:
		return typed(func(*Engine, *protocol.ProcessListArgs) assessment {
			return assessment{base: event.RiskRead, subject: name, allow: "lists this session's processes"}
		})
	case protocol.ToolAgentRun:
		return typed(func(e *Engine, a *protocol.AgentRunArgs) assessment {
			return e.agentAccess(a)
		})
	case protocol.ToolProjectStatus:
		return typed(func(*Engine, *protocol.ProjectStatusArgs) assessment {
			return assessment{base: event.RiskRead, subject: name, allow: "shows the project status"}
		})
	}
	return nil
}

// typed adapts a policy on the tool's argument struct to the table: Args
// must be *T (or T); anything else is denied, so a call cannot reach a
// tool with arguments its policy did not see.
func typed[T any](f func(*Engine, *T) assessment) func(*Engine, any) assessment {
	return func(e *Engine, args any) assessment {
		switch a := args.(type) {
		case *T:
			if a != nil {
				return f(e, a)
			}
		case T:
			return f(e, &a)
		}
		var want *T
		return assessment{base: event.RiskExternal, subject: fmt.Sprintf("%T", args),
			denied: fmt.Sprintf("the arguments are a %T, not the tool's %T", args, want)}
	}
}

// processAccess checks a process id: the process supervisor knows which
// ids exist; policy only refuses ids that cannot be one.
func processAccess(id, verb string, base event.Risk) assessment {
	a := assessment{base: base, subject: id, allow: verb + " the managed process " + id}
	if !validProcessID(id) {
		a.denied = fmt.Sprintf("%q is not a process id returned by process.start", id)
	}
	return a
}

func validProcessID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, r := range id {
		if r != '_' && r != '-' && r != '.' && (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') && (r < '0' || r > '9') {
			return false
		}
	}
	return true
}
