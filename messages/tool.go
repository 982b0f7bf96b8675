package messages

import (
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// InvokeTool asks the tools supervisor to run one tool call in its own
// temporary actor. The reply is a ToolResult sent to ReplyTo.
type InvokeTool struct {
	// CallID is the call's stable id ("call_<16 hex>").
	CallID string
	// OpKey is the operation key of the exactly-once ledger.
	OpKey string
	// Call is the validated call.
	Call event.ToolCall
	// Timeout bounds the call; zero means the tool's default.
	Timeout time.Duration
	// Env is the complete environment for a program the call starts (the
	// user's environment with credentials scrubbed, plus the call's
	// additions), as the policy verdict gave it.
	Env []string
	// Outside lists absolute path prefixes outside the project root that
	// the user granted for this call; every other path stays inside.
	Outside []string
	// Unconfined runs the program without the kernel sandbox: a re-run
	// the user approved after the sandbox blocked the call.
	Unconfined bool
}

// ToolStream names an output stream of a tool.
type ToolStream string

// The output streams.
const (
	StreamStdout ToolStream = "stdout"
	StreamStderr ToolStream = "stderr"
)

// ToolOutput is a chunk of live output from a running tool or process,
// forwarded to the UI as it arrives.
type ToolOutput struct {
	CallID string
	// ProcessID is set for output from a managed process.
	ProcessID string
	Stream    ToolStream
	Data      []byte
}

// ToolStarted reports that a tool invocation actor began running its call
// (after the ledger's "started" record was made durable).
type ToolStarted struct {
	CallID string
	OpKey  string
	Tool   string
	At     time.Time
}
