package policy

import (
	"strings"
	"testing"

	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/session/event"
)

// TestAgentRunAccess: agent.run's bad inputs are denied with a reason
// that says what to do; good ones are allowed.
func TestAgentRunAccess(t *testing.T) {
	p := newProject(t)
	e := engineFor(p, ModeDeny)
	agent := func(task, mode string, paths ...string) event.ToolCall {
		return event.ToolCall{Name: protocol.ToolAgentRun, Args: &protocol.AgentRunArgs{Task: task, Mode: mode, Paths: paths}}
	}
	for _, tc := range []struct {
		name string
		call event.ToolCall
		deny string
	}{
		{"read", agent("explore", "read"), ""},
		{"write inside", agent("fix", "write", "src", "docs/a.md"), ""},
		{"empty task", agent("  ", "read"), "the task is empty"},
		{"write without paths", agent("fix", "write"), "needs paths"},
		{"read with paths", agent("look", "read", "src"), "paths are for mode write"},
		{"path outside", agent("fix", "write", "src", "../elsewhere"), "outside the project root"},
		{"absolute outside", agent("fix", "write", p.Outside), "outside the project root"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := e.Check(tc.call)
			if tc.deny == "" {
				if v.Decision != event.DecisionAllow {
					t.Fatalf("verdict %+v, want allow", v)
				}
				return
			}
			if v.Decision != event.DecisionDeny || !strings.Contains(v.Reason, tc.deny) {
				t.Fatalf("verdict %+v, want a deny with %q", v, tc.deny)
			}
		})
	}
}

// TestConfinedEngine: a sub-agent's engine refuses agent.run and every
// change outside its paths, and allows reads and changes inside them.
func TestConfinedEngine(t *testing.T) {
	p := newProject(t)
	p.Write("src/a.go", "package a\n")
	p.Write("docs/b.md", "b\n")
	write := func(path string) event.ToolCall {
		return event.ToolCall{Name: protocol.ToolFSWrite, Args: &protocol.FSWriteArgs{Path: path, Content: "x"}}
	}
	patch := func(path string) event.ToolCall {
		return event.ToolCall{Name: protocol.ToolFSPatch, Args: &protocol.FSPatchArgs{
			Patch: "*** Begin Patch\n*** Add File: " + path + "\n+x\n*** End Patch\n"}}
	}
	w := New(Config{Mode: ModeAllow, Confined: &Confinement{Agent: "sub-agent 1", Writable: []string{"src"}}}, p.b)
	r := New(Config{Mode: ModeAllow, Confined: &Confinement{Agent: "sub-agent 2"}}, p.b)
	for _, tc := range []struct {
		name string
		e    *Engine
		call event.ToolCall
		deny string
	}{
		{"write inside", w, write("src/a.go"), ""},
		{"new file inside", w, write("src/new/c.go"), ""},
		{"write outside", w, write("docs/b.md"), "sub-agent 1 may change only src; docs/b.md is outside them"},
		{"prefix is not inside", w, write("srcx/c.go"), "may change only src"},
		{"patch outside", w, patch("docs/c.md"), "may change only src"},
		{"write outside the root", w, write(p.Outside + "/z"), "may change only src"},
		{"read anywhere", w, event.ToolCall{Name: protocol.ToolFSRead, Args: &protocol.FSReadArgs{Path: "docs/b.md"}}, ""},
		{"read sub-agent writes", r, write("src/a.go"), "sub-agent 2 is a read sub-agent"},
		{"nested agent.run", w, event.ToolCall{Name: protocol.ToolAgentRun, Args: &protocol.AgentRunArgs{Task: "t", Mode: "read"}},
			"cannot start sub-agents"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := tc.e.Check(tc.call)
			if tc.deny == "" {
				if v.Decision != event.DecisionAllow {
					t.Fatalf("verdict %+v, want allow", v)
				}
				return
			}
			if v.Decision != event.DecisionDeny || !strings.Contains(v.Reason, tc.deny) {
				t.Fatalf("verdict %+v, want a deny with %q", v, tc.deny)
			}
		})
	}
}
