package classify

import "github.com/wtagent/wtagent/messages"

// RiskRank orders the risks from the least to the most risky.
func RiskRank(r messages.Risk) int {
	switch r {
	case messages.RiskRead:
		return 1
	case messages.RiskWrite:
		return 2
	case messages.RiskExecute:
		return 3
	case messages.RiskSensitive:
		return 4
	case messages.RiskDestructive:
		return 5
	case messages.RiskExternal:
		return 6
	}
	return 0
}

// MaxRisk returns the riskier of a and b.
func MaxRisk(a, b messages.Risk) messages.Risk {
	if RiskRank(b) > RiskRank(a) {
		return b
	}
	return a
}

// Finding is one reason a call needs approval.
type Finding struct {
	// Risk is how risky the finding makes the call.
	Risk messages.Risk
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
