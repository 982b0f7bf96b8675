package classify

import (
	"github.com/wtagent/wtagent/session/event"
)

// RiskRank orders the risks from the least to the most risky.
func RiskRank(r event.Risk) int {
	switch r {
	case event.RiskRead:
		return 1
	case event.RiskWrite:
		return 2
	case event.RiskExecute:
		return 3
	case event.RiskSensitive:
		return 4
	case event.RiskDestructive:
		return 5
	case event.RiskExternal:
		return 6
	}
	return 0
}

// MaxRisk returns the riskier of a and b.
func MaxRisk(a, b event.Risk) event.Risk {
	if RiskRank(b) > RiskRank(a) {
		return b
	}
	return a
}

// Finding is one reason a call needs approval.
type Finding struct {
	// Risk is how risky the finding makes the call.
	Risk event.Risk
	// Reason says why, in one line.
	Reason string
	// At is the index of the command word (program = 0) that makes the call
	// risky: a command rule covers the finding only when its prefix
	// includes that word. -1 ties the finding to no word (cwd, env
	// additions, fs paths): only a path rule can cover it.
	At int
	// Path is the absolute path the finding is about, if any: a path rule
	// whose prefix contains it covers the finding.
	Path string
}
