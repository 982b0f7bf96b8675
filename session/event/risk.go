package event

// Risk is how much a tool call can change or reveal, as the policy engine
// classifies it. Higher values are riskier.
type Risk string

// The risk levels, from the least to the most risky.
const (
	// RiskRead only reads inside the project root.
	RiskRead Risk = "read"
	// RiskWrite changes files inside the project root.
	RiskWrite Risk = "write"
	// RiskExecute runs a program: build, test, install, dev server.
	RiskExecute Risk = "execute"
	// RiskSensitive reads credentials, touches paths outside the root or
	// writes to the network.
	RiskSensitive Risk = "sensitive"
	// RiskDestructive can destroy data or raise privileges.
	RiskDestructive Risk = "destructive"
	// RiskExternal publishes or pushes to a system outside this machine.
	RiskExternal Risk = "external"
)

// Decision is the policy engine's verdict on a tool call.
type Decision string

// The possible decisions.
const (
	// DecisionAllow runs the call without asking.
	DecisionAllow Decision = "allow"
	// DecisionAsk asks the user first.
	DecisionAsk Decision = "ask"
	// DecisionDeny refuses the call; the model is told why.
	DecisionDeny Decision = "deny"
)
