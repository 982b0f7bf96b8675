package policy

import (
	"fmt"
	"strings"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/policy/classify"
)

// assessment is what a tool's policy found about one call, before rules
// and the approvals mode apply.
type assessment struct {
	base     event.Risk
	subject  string
	allow    string // the reason when nothing needs approval
	denied   string // a hard deny: no rule or mode overrides it
	findings []classify.Finding
	words    []string // program and argv, for command rules
	env      []string // the program's environment
}

// Check decides whether a tool call may run. call.Args is the tool's typed
// argument struct (*protocol.FSReadArgs, …; a value works too). The
// verdict is:
//
//   - deny for hard denies (see the package documentation), whatever the
//     mode and the rules;
//   - allow when nothing needs approval, or every finding is covered by a
//     rule;
//   - otherwise ask in ModePrompt, allow in ModeAllow, deny in ModeDeny,
//     with Suggested set to the narrow rule "allow for this task" would
//     grant (nil when no single narrow rule covers the call).
//
// Env is set for terminal.exec and process.start: the scrubbed
// environment plus the call's (checked) additions.
func (e *Engine) Check(call event.ToolCall) messages.Verdict {
	a := e.assess(call)
	return e.decide(call.Name, a)
}

// CheckCall is Check for a CheckCall message: the verdict carries its
// CallID.
func (e *Engine) CheckCall(m messages.CheckCall) messages.Verdict {
	v := e.Check(m.Call)
	v.CallID = m.CallID
	return v
}

func (e *Engine) assess(call event.ToolCall) assessment {
	if isMCP(call.Name) {
		return e.mcpAccess(call.Name)
	}
	p := toolPolicy(call.Name)
	if p == nil {
		return assessment{base: event.RiskExternal, subject: call.Name, denied: fmt.Sprintf("unknown tool %q; use one of the tools in the catalogue", call.Name)}
	}
	if e.b == nil {
		return assessment{base: event.RiskRead, subject: call.Name, denied: "no project root is open"}
	}
	return p(e, call.Args)
}

func (e *Engine) decide(tool string, a assessment) messages.Verdict {
	v := messages.Verdict{Decision: event.DecisionAllow, Risk: a.base, Reason: a.allow, Subject: a.subject}
	for _, f := range a.findings {
		v.Risk = classify.MaxRisk(v.Risk, f.Risk)
	}
	if a.denied != "" {
		v.Decision, v.Reason = event.DecisionDeny, a.denied
		return v
	}
	v.Env = a.env
	if len(a.findings) == 0 {
		return v
	}
	v.Reason = classify.JoinReasons(a.findings)
	if rules := e.covering(tool, a); rules != nil {
		v.Reason += "; allowed for this task by " + describeRules(rules)
		return v
	}
	v.Suggested = suggest(tool, a.words, a.findings, e.home)
	switch e.mode {
	case ModeAllow:
		v.Reason += " (allowed by --approvals=allow)"
	case ModePrompt:
		v.Decision, v.Env = event.DecisionAsk, nil
	default:
		v.Decision, v.Env = event.DecisionDeny, nil
		v.Reason += "; this needs the user's approval and --approvals=deny refuses it"
	}
	return v
}

// covering returns the rules that together cover every finding, or nil.
func (e *Engine) covering(tool string, a assessment) []event.Rule {
	e.mu.RLock()
	defer e.mu.RUnlock()
	var used []event.Rule
	for _, f := range a.findings {
		found := false
		for _, r := range append(e.config[:len(e.config):len(e.config)], e.grants...) {
			if covers(r, tool, a.words, f) {
				found = true
				if !containsRule(used, r) {
					used = append(used, r)
				}
				break
			}
		}
		if !found {
			return nil
		}
	}
	return used
}

func containsRule(rs []event.Rule, r event.Rule) bool {
	for _, x := range rs {
		if sameRule(x, r) {
			return true
		}
	}
	return false
}

func describeRules(rs []event.Rule) string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = "the rule " + DescribeRule(r)
	}
	return strings.Join(parts, " and ")
}
