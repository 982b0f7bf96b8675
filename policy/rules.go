package policy

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/policy/boundary"
	"github.com/wtagent/wtagent/policy/classify"
	"github.com/wtagent/wtagent/protocol"
)

// The rule kinds.
const (
	// RuleCommand rules cover terminal.exec and process.start calls whose
	// words (program, then argv, exactly as given) start with Prefix.
	RuleCommand = "command"
	// RulePath rules cover access to an absolute path and everything below
	// it (Prefix holds that one path).
	RulePath = "path"
)

// ErrBadRule means a rule is malformed or too broad to grant.
var ErrBadRule = errors.New("policy: bad rule")

// validateRule refuses rules that are malformed or cover "everything": an
// unknown tool, an empty command, the file-system root or a path that
// contains the user's home directory.
func validateRule(r event.Rule, home string) error {
	if isMCP(r.Tool) {
		return validateToolRule(r)
	}
	spec, ok := protocol.DefaultCatalogue().Lookup(r.Tool)
	switch {
	case !ok:
		return fmt.Errorf("%w: unknown tool %q", ErrBadRule, r.Tool)
	case r.Kind != RuleCommand && r.Kind != RulePath:
		return fmt.Errorf("%w: kind %q: want %q or %q", ErrBadRule, r.Kind, RuleCommand, RulePath)
	case len(r.Prefix) == 0 || r.Prefix[0] == "":
		return fmt.Errorf("%w: empty prefix", ErrBadRule)
	}
	for _, w := range r.Prefix {
		if strings.IndexByte(w, 0) >= 0 {
			return fmt.Errorf("%w: NUL byte in prefix", ErrBadRule)
		}
	}
	exec := spec.Name == protocol.ToolTerminalExec || spec.Name == protocol.ToolProcessStart
	if r.Kind == RulePath {
		return validatePathRule(r, home, exec || strings.HasPrefix(spec.Name, "fs."))
	}
	if !exec {
		return fmt.Errorf("%w: command rules apply to terminal.exec and process.start, not %s", ErrBadRule, r.Tool)
	}
	return nil
}

func validatePathRule(r event.Rule, home string, pathTool bool) error {
	p := r.Prefix[0]
	switch {
	case !pathTool:
		return fmt.Errorf("%w: %s takes no paths", ErrBadRule, r.Tool)
	case len(r.Prefix) != 1:
		return fmt.Errorf("%w: a path rule holds exactly one path", ErrBadRule)
	case !filepath.IsAbs(p) || filepath.Clean(p) != p:
		return fmt.Errorf("%w: %q is not a clean absolute path", ErrBadRule, p)
	case filepath.Dir(p) == p:
		return fmt.Errorf("%w: the file-system root covers everything", ErrBadRule)
	case home != "" && boundary.Under(home, p):
		return fmt.Errorf("%w: %s contains your whole home directory", ErrBadRule, p)
	}
	return nil
}

// covers reports whether rule r covers finding f of a call to tool with
// the given command words.
func covers(r event.Rule, tool string, words []string, f classify.Finding) bool {
	if isMCP(tool) {
		return coversTool(r, tool)
	}
	if r.Tool != tool {
		return false
	}
	switch r.Kind {
	case RuleCommand:
		return f.At >= 0 && f.At < len(r.Prefix) && len(words) >= len(r.Prefix) && slices.Equal(words[:len(r.Prefix)], r.Prefix)
	case RulePath:
		return f.Path != "" && len(r.Prefix) == 1 && boundary.Under(f.Path, r.Prefix[0])
	}
	return false
}

// suggest returns the narrowest rule that covers every finding: the exact
// command for program calls whose findings all sit on command words, or
// the path of the findings (the outermost one, when the others are inside
// it, as with an outside cwd). It returns nil when no single rule does,
// and never a rule validateRule refuses.
func suggest(tool string, words []string, fs []classify.Finding, home string) *event.Rule {
	if len(fs) == 0 {
		return nil
	}
	if isMCP(tool) {
		return &event.Rule{Tool: tool}
	}
	var r *event.Rule
	if words != nil && all(fs, func(f classify.Finding) bool { return f.At >= 0 }) {
		r = &event.Rule{Tool: tool, Kind: RuleCommand, Prefix: slices.Clone(words)}
	} else if outer := outermost(fs); outer != "" {
		r = &event.Rule{Tool: tool, Kind: RulePath, Prefix: []string{outer}}
	}
	if r == nil || validateRule(*r, home) != nil {
		return nil
	}
	return r
}

// outermost returns the finding path that contains all the others, or "".
func outermost(fs []classify.Finding) string {
	for _, cand := range fs {
		if cand.Path != "" && all(fs, func(f classify.Finding) bool { return f.Path != "" && boundary.Under(f.Path, cand.Path) }) {
			return cand.Path
		}
	}
	return ""
}

func all(fs []classify.Finding, ok func(classify.Finding) bool) bool {
	for _, f := range fs {
		if !ok(f) {
			return false
		}
	}
	return true
}

// DescribeRule renders a rule for the user: `terminal.exec: git push …`
// or `fs.read: /etc/hosts and below`.
func DescribeRule(r event.Rule) string {
	if isMCP(r.Tool) {
		return describeToolRule(r)
	}
	if len(r.Prefix) == 0 {
		return r.Tool + ": (empty rule)"
	}
	if r.Kind == RuleCommand {
		return r.Tool + ": commands starting with " + classify.FormatCommand(r.Prefix[0], r.Prefix[1:])
	}
	return r.Tool + ": " + strings.Join(r.Prefix, " ") + " and below"
}
