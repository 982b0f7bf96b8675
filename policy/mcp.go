package policy

import (
	"fmt"
	"strings"

	"github.com/wtagent/wtagent/policy/classify"
	"github.com/wtagent/wtagent/session/event"
)

// MCPPrefix starts the name of every MCP tool: mcp.SERVER.TOOL.
const MCPPrefix = "mcp."

// RuleTool rules cover every call of one MCP tool ({"tool":
// "mcp.docs.search"}) or of every tool of one server ({"tool":
// "mcp.docs.*"}); they have no prefix. A rule without a kind for an MCP
// tool is a tool rule.
const RuleTool = "tool"

// MCPTool is what policy knows of one MCP tool besides its name: the
// server's annotations and whether the user trusts them.
type MCPTool struct {
	// ReadOnly and Destructive are the server's readOnlyHint and
	// destructiveHint.
	ReadOnly, Destructive bool
	// Trusted is set when the user's config trusts the server's
	// annotations ("trust-annotations"): a read-only tool is then a read.
	Trusted bool
}

// isMCP reports whether name is an MCP tool's name.
func isMCP(name string) bool { return strings.HasPrefix(name, MCPPrefix) }

// mcpAccess assesses a call of an MCP tool: it always needs the user's
// approval or a tool rule; the annotations set the risk shown (a
// destructive hint is believed from any server, a read-only one only
// from a trusted server).
func (e *Engine) mcpAccess(name string) assessment {
	t, ok := e.mcp[name]
	if !ok {
		return assessment{base: event.RiskExternal, subject: name, denied: fmt.Sprintf("unknown tool %q: no MCP server of this run offers it", name)}
	}
	risk := event.RiskExternal
	switch {
	case t.Destructive:
		risk = event.RiskDestructive
	case t.ReadOnly && t.Trusted:
		risk = event.RiskRead
	}
	server, tool, _ := strings.Cut(strings.TrimPrefix(name, MCPPrefix), ".")
	reason := fmt.Sprintf("calls the tool %s of the MCP server %s%s", tool, server, describeHints(t))
	return assessment{base: risk, subject: name, findings: []classify.Finding{{Risk: risk, Reason: reason, At: -1}}}
}

// describeHints renders the annotations for the approval prompt.
func describeHints(t MCPTool) string {
	var hints []string
	if t.ReadOnly {
		hints = append(hints, "read-only")
	}
	if t.Destructive {
		hints = append(hints, "destructive")
	}
	if len(hints) == 0 {
		return ""
	}
	trust := "unverified"
	if t.Trusted {
		trust = "trusted by your config"
	}
	return fmt.Sprintf(" (the server says: %s; %s)", strings.Join(hints, ", "), trust)
}

// validateToolRule checks an MCP tool rule: mcp.SERVER.TOOL or
// mcp.SERVER.*, without a prefix.
func validateToolRule(r event.Rule) error {
	server, tool, ok := strings.Cut(strings.TrimPrefix(r.Tool, MCPPrefix), ".")
	switch {
	case r.Kind != "" && r.Kind != RuleTool:
		return fmt.Errorf("%w: an MCP tool rule has no kind %q: write {\"tool\": %q}", ErrBadRule, r.Kind, r.Tool)
	case len(r.Prefix) != 0:
		return fmt.Errorf("%w: an MCP tool rule has no prefix", ErrBadRule)
	case !ok || server == "" || tool == "" || server == "*":
		return fmt.Errorf("%w: %q: want mcp.SERVER.TOOL or mcp.SERVER.*", ErrBadRule, r.Tool)
	case strings.Contains(tool, "*") && tool != "*":
		return fmt.Errorf("%w: %q: only a whole tool name or * after the server", ErrBadRule, r.Tool)
	}
	return nil
}

// describeToolRule renders an MCP tool rule for the user.
func describeToolRule(r event.Rule) string {
	if server, ok := strings.CutSuffix(r.Tool, ".*"); ok {
		return r.Tool + ": every tool of the MCP server " + strings.TrimPrefix(server, MCPPrefix)
	}
	return r.Tool + ": every call"
}

// coversTool reports whether an MCP tool rule covers a call of tool.
func coversTool(r event.Rule, tool string) bool {
	if !isMCP(r.Tool) || !isMCP(tool) {
		return false
	}
	if server, ok := strings.CutSuffix(r.Tool, ".*"); ok {
		return strings.HasPrefix(tool, server+".")
	}
	return r.Tool == tool
}
