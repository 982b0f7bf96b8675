package event

import (
	"encoding/json"
	"time"
)

// ToolCall is one tool call requested by the model, already decoded and
// validated against the tool's schema.
type ToolCall struct {
	// Name is the tool's name, e.g. "fs.write".
	Name string `json:"name"`
	// Args points at the tool's typed argument struct (see package protocol).
	Args any `json:"-"`
	// CanonicalArgs is the arguments as canonical JSON (sorted keys, no
	// insignificant whitespace); it is what operation keys hash and what the
	// event log stores.
	CanonicalArgs json.RawMessage `json:"args"`
}

// ToolStatus is the outcome of a tool call as the model sees it.
type ToolStatus string

// The tool outcomes.
const (
	ToolOK      ToolStatus = "ok"
	ToolError   ToolStatus = "error"
	ToolDenied  ToolStatus = "denied"
	ToolTimeout ToolStatus = "timeout"
	// ToolUnknown means the call started but its outcome was lost (a crash
	// while it ran); it is not re-run.
	ToolUnknown ToolStatus = "unknown"
	// ToolSkipped means the call was not run: it came after the one call
	// with side effects a reply may run (see protocol.PlanBatch).
	ToolSkipped ToolStatus = "skipped"
)

// Truncation describes how a piece of output was shortened for the model.
type Truncation struct {
	// OriginalBytes is the size before truncation.
	OriginalBytes int64 `json:"original_bytes"`
	// KeptBytes is what the model got (head plus tail).
	KeptBytes int64 `json:"kept_bytes"`
}

// ToolResult is the outcome of one tool call, in the shape the runtime sends
// back to the model (see protocol.FormatToolResult) and records in the event
// log.
type ToolResult struct {
	CallID  string     `json:"call_id"`
	OpKey   string     `json:"op_key,omitempty"`
	Tool    string     `json:"tool"`
	Status  ToolStatus `json:"status"`
	Message string     `json:"message,omitempty"`
	// Data is tool-specific structured output as JSON.
	Data   json.RawMessage `json:"data,omitempty"`
	Stdout string          `json:"stdout,omitempty"`
	Stderr string          `json:"stderr,omitempty"`
	// StdoutCut and StderrCut are set when the stream was shortened.
	StdoutCut *Truncation `json:"stdout_cut,omitempty"`
	StderrCut *Truncation `json:"stderr_cut,omitempty"`
	// ExitCode is set for programs that exited.
	ExitCode *int `json:"exit_code,omitempty"`
	// Signal names the signal that ended the program, if any.
	Signal   string        `json:"signal,omitempty"`
	Duration time.Duration `json:"duration_ns,omitempty"`
	// Changed lists project-relative files this call created or changed.
	Changed []string `json:"changed,omitempty"`
	// Verified is true when the call was a build, test or run that
	// succeeded; the done gate counts it as evidence.
	Verified bool `json:"verified,omitempty"`
	// Diff is a unified diff of a file change, for the UI and the model.
	Diff string `json:"diff,omitempty"`
	// SandboxBlocked says what the kernel sandbox refused the program
	// ("write outside the project (/tmp/x)"), when it refused anything.
	SandboxBlocked []string `json:"sandbox_blocked,omitempty"`
}
