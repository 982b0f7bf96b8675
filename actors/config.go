package actors

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/checkpoint"
	"github.com/wtagent/wtagent/internal/runlimit"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/policy"
	"github.com/wtagent/wtagent/policy/secrets"
	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/sandbox"
	"github.com/wtagent/wtagent/session"
	"github.com/wtagent/wtagent/toolactors/liveoutput"
)

// Approver asks the user whether a tool call may run. It blocks until the
// user answers or ctx ends; the approval actor calls it off its goroutine.
// An error that is ErrAskPaused (Ctrl+C at the question) pauses the run:
// the call is neither run nor denied, and a resume asks again.
type Approver interface {
	Ask(ctx context.Context, req messages.ApprovalRequest) (messages.ApprovalAnswer, error)
}

// TransportHooks are the callbacks a model transport reports through; the
// model actor fills them in for each incarnation. They must not block.
type TransportHooks struct {
	// ModeSelected reports the outcome of a ChatGPT mode selection.
	ModeSelected func(event.ModeSelected)
	// Note reports a slow step (launching Chrome, uploading, recovering).
	Note func(string)
}

// Config is everything one session's runtime needs. It is read-only once
// Start is called: actors share it but never change it.
type Config struct {
	// Session is the open session directory.
	Session *session.Session
	// Root is the absolute project root.
	Root string
	// Provider names the model transport ("chatgpt", "script").
	Provider string
	// NewTransport makes a fresh transport for each model actor
	// incarnation (a restart after a browser crash gets a new one).
	NewTransport func(TransportHooks) model.Transport
	// Catalogue is the tools offered to the model; its calls-per-reply
	// limit is Limits.CallsPerReply, its chains Limits.ChainChanges.
	Catalogue *protocol.Catalogue
	// Approvals is the approval mode; Approver asks the user in
	// policy.ModePrompt.
	Approvals policy.Mode
	Approver  Approver
	// AllowEnv lists environment variable names that are passed to
	// programs even though they look like credentials.
	AllowEnv []string
	// Rules are task-wide grants from the config file.
	Rules []event.Rule
	// Environ is the user's environment for child processes.
	Environ []string
	// Home is the user's home directory (for ~ in paths).
	Home string
	// Protected lists directories the model may never touch, even with
	// approval: wtagent's own data root, whose Chrome profile holds the
	// ChatGPT session.
	Protected []string
	// Mode and Effort are the ChatGPT mode and effort tier asked for, if
	// any.
	Mode, Effort string
	// Sandbox confines the programs the tools run; nil runs them
	// unconfined. The caller owns it (and closes it after the runtime).
	Sandbox *sandbox.Sandbox
	// Warnings are shown under the banner of every run (run.started).
	Warnings []string
	// Limits bound each run.
	Limits runlimit.Limits
	// Sink receives every event for the UI (persisted and live ones). It
	// must not block.
	Sink func(event.Event)
	// AgentSink, if set, gives each sub-agent (its name and task) where
	// its events go: its group in the live view.
	AgentSink func(name, task string) func(event.Event)
	// Logger is the session's logger.
	Logger *slog.Logger
	// SpoolCap caps the session's tool-output.jsonl.
	SpoolCap int64
	// StatusSocket is where the status actor listens; empty means no
	// socket.
	StatusSocket string
	// PID is the wtagent process id recorded with each run.
	PID int
	// Now is the clock.
	Now func() time.Time
	// MCP are the run's MCP servers, connected by the caller to list
	// their tools, which join Catalogue.
	MCP []MCPServer
	// NewAgentTransport, if set, makes the conversation of a sub-agent
	// with the given task (agent.run); nil offers no agent.run.
	NewAgentTransport func(task string, h TransportHooks) model.Transport
	// Checkpoints, if set, snapshots the project before and after each
	// call with side effects (for diff and undo).
	Checkpoints checkpoint.Store

	// live coalesces tools' live output; Start sets it, the controller
	// flushes a call's output before showing its result.
	live *liveoutput.Coalescer
	// confined is a sub-agent's confinement (nil in the main session).
	confined *policy.Confinement
	// guard masks secrets in every message to the model (from Environ, or
	// the process's environment, and the project's credential files).
	guard *secrets.Guard
}

// withDefaults checks cfg and fills in what may be left out.
func (cfg Config) withDefaults() (Config, error) {
	switch {
	case cfg.Session == nil:
		return cfg, errors.New("actors: config has no session")
	case cfg.NewTransport == nil:
		return cfg, errors.New("actors: config has no model transport")
	case !filepath.IsAbs(cfg.Root):
		return cfg, fmt.Errorf("actors: project root %q is not absolute", cfg.Root)
	}
	if cfg.Catalogue == nil {
		cfg.Catalogue = protocol.DefaultCatalogue()
	}
	if cfg.Limits == (runlimit.Limits{}) {
		cfg.Limits = runlimit.Default()
	}
	if err := cfg.Limits.Validate(); err != nil {
		return cfg, fmt.Errorf("actors: %w", err)
	}
	if cfg.NewAgentTransport != nil && cfg.confined == nil {
		if _, ok := cfg.Catalogue.Lookup(protocol.ToolAgentRun); !ok {
			cfg.Catalogue = cfg.Catalogue.With(protocol.AgentRunSpec())
		}
	}
	cat, err := withMCP(cfg.Catalogue, cfg.MCP)
	if err != nil {
		return cfg, err
	}
	cfg.Catalogue = cat
	if n := max(cfg.Limits.CallsPerReply, 1); cfg.Catalogue.MaxCalls() != n {
		cat, err := cfg.Catalogue.WithMaxCalls(n)
		if err != nil {
			return cfg, fmt.Errorf("actors: %w", err)
		}
		cfg.Catalogue = cat
	}
	cfg.Catalogue = cfg.Catalogue.WithChain(cfg.Limits.ChainChanges)
	if cfg.Approvals == "" {
		cfg.Approvals = policy.ModeDeny
	}
	if cfg.Approvals == policy.ModePrompt && cfg.Approver == nil {
		return cfg, errors.New("actors: approvals mode prompt needs an approver")
	}
	if cfg.Sink == nil {
		cfg.Sink = func(event.Event) {}
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.SpoolCap == 0 {
		cfg.SpoolCap = session.DefaultSpoolCap
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	environ := cfg.Environ
	if environ == nil {
		environ = os.Environ()
	}
	cfg.guard = secrets.NewGuard(environ, cfg.Root)
	return cfg, nil
}

// readOnlyTool reports whether every call of a tool has no side effects.
func (cfg *Config) readOnlyTool(tool string) bool {
	spec, ok := cfg.Catalogue.Lookup(tool)
	return ok && spec.ReadOnly
}

// readOnly reports whether a call has no side effects (an agent.run in
// mode read has none, see protocol.CallReadOnly).
func (cfg *Config) readOnly(call *event.ToolCall) bool {
	return protocol.CallReadOnly(call, cfg.Catalogue)
}
