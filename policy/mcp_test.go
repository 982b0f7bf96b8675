package policy

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/session/event"
)

func mcpEngine(p *project, mode Mode, rules ...event.Rule) *Engine {
	return New(Config{Root: p.Dir, Mode: mode, Home: filepath.Dir(p.Dir), Rules: rules, Environ: []string{"PATH=/usr/bin"},
		MCPTools: map[string]MCPTool{
			"mcp.docs.search":   {ReadOnly: true},
			"mcp.docs.fetch":    {ReadOnly: true, Trusted: true},
			"mcp.db.drop_table": {Destructive: true},
			"mcp.db.query":      {},
		}}, p.b)
}

func mcpCall(name string) event.ToolCall {
	return event.ToolCall{Name: name, Args: &protocol.DynamicArgs{"q": "x"}}
}

func TestMCPCallsAskUnlessARuleAllows(t *testing.T) {
	p := newProject(t)
	tests := []struct {
		name  string
		mode  Mode
		rules []event.Rule
		tool  string
		want  event.Decision
		risk  event.Risk
	}{
		{"prompt asks", ModePrompt, nil, "mcp.docs.search", event.DecisionAsk, event.RiskExternal},
		{"deny denies", ModeDeny, nil, "mcp.docs.search", event.DecisionDeny, event.RiskExternal},
		{"allow mode allows", ModeAllow, nil, "mcp.db.query", event.DecisionAllow, event.RiskExternal},
		{"exact rule", ModeDeny, []event.Rule{{Tool: "mcp.docs.search"}}, "mcp.docs.search", event.DecisionAllow, event.RiskExternal},
		{"rule with the tool kind", ModeDeny, []event.Rule{{Tool: "mcp.docs.search", Kind: RuleTool}}, "mcp.docs.search", event.DecisionAllow, event.RiskExternal},
		{"server rule", ModeDeny, []event.Rule{{Tool: "mcp.docs.*"}}, "mcp.docs.fetch", event.DecisionAllow, event.RiskRead},
		{"another tool's rule", ModeDeny, []event.Rule{{Tool: "mcp.docs.fetch"}}, "mcp.docs.search", event.DecisionDeny, event.RiskExternal},
		{"another server's rule", ModePrompt, []event.Rule{{Tool: "mcp.doc.*"}}, "mcp.docs.search", event.DecisionAsk, event.RiskExternal},
		{"destructive hint believed", ModePrompt, nil, "mcp.db.drop_table", event.DecisionAsk, event.RiskDestructive},
		{"unknown MCP tool", ModeAllow, []event.Rule{{Tool: "mcp.docs.*"}}, "mcp.docs.delete", event.DecisionDeny, event.RiskExternal},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := mcpEngine(p, tt.mode, tt.rules...).Check(mcpCall(tt.tool))
			if v.Decision != tt.want || v.Risk != tt.risk {
				t.Fatalf("%s (%s): %s; want %s (%s)", v.Decision, v.Risk, v.Reason, tt.want, tt.risk)
			}
		})
	}
}

func TestMCPApprovalShowsHintsAndSuggestsTheToolRule(t *testing.T) {
	p := newProject(t)
	e := mcpEngine(p, ModePrompt)
	v := e.Check(mcpCall("mcp.docs.search"))
	if !strings.Contains(v.Reason, "the tool search of the MCP server docs") || !strings.Contains(v.Reason, "read-only; unverified") {
		t.Fatalf("reason %q", v.Reason)
	}
	if v.Suggested == nil || v.Suggested.Tool != "mcp.docs.search" || v.Suggested.Kind != "" || len(v.Suggested.Prefix) != 0 {
		t.Fatalf("suggested %+v", v.Suggested)
	}
	if err := e.Grant(*v.Suggested); err != nil {
		t.Fatal(err)
	}
	if v := e.Check(mcpCall("mcp.docs.search")); v.Decision != event.DecisionAllow || !strings.Contains(v.Reason, "mcp.docs.search: every call") {
		t.Fatalf("after the grant: %s: %s", v.Decision, v.Reason)
	}
	if v := e.Check(mcpCall("mcp.docs.fetch")); v.Decision != event.DecisionAsk {
		t.Fatalf("the grant covers another tool: %s", v.Decision)
	}
}

func TestMCPToolRulesValidate(t *testing.T) {
	for _, r := range []event.Rule{
		{Tool: "mcp.docs"},
		{Tool: "mcp..x"},
		{Tool: "mcp.*.x"},
		{Tool: "mcp.docs.se*"},
		{Tool: "mcp.docs.x", Kind: RuleCommand, Prefix: []string{"x"}},
		{Tool: "mcp.docs.x", Prefix: []string{"x"}},
	} {
		if err := validateRule(r, "/home/u"); !errors.Is(err, ErrBadRule) {
			t.Errorf("%+v: %v, want ErrBadRule", r, err)
		}
	}
	for _, r := range []event.Rule{{Tool: "mcp.docs.x"}, {Tool: "mcp.docs.*"}, {Tool: "mcp.d-b_2.a.b", Kind: RuleTool}} {
		if err := validateRule(r, "/home/u"); err != nil {
			t.Errorf("%+v: %v", r, err)
		}
	}
}
