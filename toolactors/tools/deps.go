package tools

import (
	"context"
	"io/fs"
	"os"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/sandbox"
)

// Paths is the project-root boundary the file tools work through.
// boundary.Boundary satisfies it. Every file operation goes through Root();
// Dir() is only used to give a program its working directory.
type Paths interface {
	// Root is the project root as an os.Root.
	Root() *os.Root
	// Dir is the project root's absolute path.
	Dir() string
	// Resolve turns a path the model gave (relative or absolute) into a
	// clean path relative to the root, or fails when it leaves the root.
	Resolve(p string) (rel string, err error)
	// Check applies the boundary's rules to a resolved path (protected
	// files, symlinks out of the root) and stats it.
	Check(rel string, forWrite bool) (fs.FileInfo, error)
}

// Spool receives the full output of programs; the session package
// implements it with a per-session disk cap. processID is empty for
// terminal.exec; stream is "stdout" or "stderr".
type Spool interface {
	Write(callID, processID, stream string, p []byte) error
}

// Processes is how the process.* tools and project.status reach the
// managed processes. The actor layer implements it over the process
// supervisor (see NewProcessClient).
type Processes interface {
	// Start launches a process and waits until it is ready, exited or the
	// readiness wait timed out.
	Start(ctx context.Context, spec ProcessSpec) (ProcessStarted, error)
	// Read returns output since an offset (-1: since the last read).
	Read(ctx context.Context, id string, since int64) (ProcessOutput, error)
	// Stop stops a process's tree and reports how it ended.
	Stop(ctx context.Context, id string) (event.ProcessInfo, error)
	// List returns this session's processes.
	List(ctx context.Context) ([]event.ProcessInfo, error)
}

// Func runs one tool call. Deps.Tools maps tool names to extra or
// replacement implementations.
type Func func(ctx context.Context, d Deps, inv messages.InvokeTool) event.ToolResult

// Verification is the outcome of the last build or test command, shown by
// project.status.
type Verification struct {
	Command  string    `json:"command"`
	Passed   bool      `json:"passed"`
	ExitCode *int      `json:"exit_code,omitempty"`
	At       time.Time `json:"at"`
}

// Limits bound what the tools keep and return. Zero fields take the
// defaults below.
type Limits struct {
	// StreamBytes is the most bytes of one stream (stdout or stderr) of a
	// program sent to the model; the call limit is the tool's OutputLimit.
	StreamBytes int
	// ListEntries is fs.list's entry cap.
	ListEntries int
	// ProcessRing is the bytes of output kept in memory per managed
	// process.
	ProcessRing int
	// LineBytes is the most bytes of one fs.search hit line.
	LineBytes int
}

// The default limits.
const (
	DefaultStreamBytes  = 12 << 10
	DefaultListEntries  = 500
	DefaultProcessRing  = 1 << 20
	DefaultLineBytes    = 300
	DefaultGrace        = 3 * time.Second
	DefaultReadyTimeout = 20 * time.Second
)

// Deps is what the tools need from the runtime. The zero value of every
// field but Paths is usable.
type Deps struct {
	// Paths is the project-root boundary (required for file tools).
	Paths Paths
	// Spool receives full program output; nil keeps none.
	Spool Spool
	// Output receives live output chunks as they arrive. It must not block
	// and must not keep Data past the call (copy it).
	Output func(messages.ToolOutput)
	// Started is told when a call begins running; optional, must not block.
	Started func(messages.ToolStarted)
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Catalogue supplies timeouts and output limits; nil means
	// protocol.DefaultCatalogue().
	Catalogue *protocol.Catalogue
	// Processes reaches the managed processes; nil makes the process.*
	// tools fail with ErrNoProcesses.
	Processes Processes
	// Verification returns the last build/test outcome for project.status;
	// nil means none known.
	Verification func() (Verification, bool)
	// Grace is how long a process tree gets between SIGTERM and SIGKILL.
	Grace time.Duration
	// ReadyTimeout bounds process.start's readiness wait.
	ReadyTimeout time.Duration
	// Limits bound kept and returned output.
	Limits Limits
	// Tools adds or replaces tool implementations by name.
	Tools map[string]Func
	// Sandbox confines the programs terminal.exec and process.start run;
	// nil runs them unconfined.
	Sandbox *sandbox.Sandbox
	// NoRipgrep makes fs.search use the Go engine even when rg is on PATH.
	NoRipgrep bool

	// hooks are fault-injection points for tests.
	hooks *hooks
}

// hooks are test-only fault-injection points.
type hooks struct {
	// beforeRename runs after the temporary file is written and synced,
	// before it is renamed over the target.
	beforeRename func(tmp string)
	// execExpiry replaces terminal.exec's timeout timer: the call times
	// out when the returned channel delivers, whatever timeout_ms says.
	execExpiry func() <-chan time.Time
}

// execTimer is terminal.exec's timeout: a timer of d, or the test hook's
// channel. stop releases the timer.
func (d Deps) execTimer(timeout time.Duration) (expired <-chan time.Time, stop func() bool) {
	if d.hooks != nil && d.hooks.execExpiry != nil {
		return d.hooks.execExpiry(), func() bool { return true }
	}
	t := time.NewTimer(timeout)
	return t.C, t.Stop
}

// withDefaults fills the zero fields.
func (d Deps) withDefaults() Deps {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Output == nil {
		d.Output = func(messages.ToolOutput) {}
	}
	if d.Catalogue == nil {
		d.Catalogue = protocol.DefaultCatalogue()
	}
	if d.Grace <= 0 {
		d.Grace = DefaultGrace
	}
	if d.ReadyTimeout <= 0 {
		d.ReadyTimeout = DefaultReadyTimeout
	}
	if d.Limits.StreamBytes <= 0 {
		d.Limits.StreamBytes = DefaultStreamBytes
	}
	if d.Limits.ListEntries <= 0 {
		d.Limits.ListEntries = DefaultListEntries
	}
	if d.Limits.ProcessRing <= 0 {
		d.Limits.ProcessRing = DefaultProcessRing
	}
	if d.Limits.LineBytes <= 0 {
		d.Limits.LineBytes = DefaultLineBytes
	}
	return d
}
