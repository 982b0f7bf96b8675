package policy

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/policy/boundary"
	"github.com/wtagent/wtagent/policy/classify"
	"github.com/wtagent/wtagent/protocol"
)

// Config configures an Engine.
type Config struct {
	// Root is the project root, for the caller's records; the Boundary
	// given to New is what the engine enforces.
	Root string
	// Mode is the --approvals mode; empty means ModeDeny.
	Mode Mode
	// AllowEnv lists environment variables (names or path.Match patterns)
	// that programs keep although they look like credentials.
	AllowEnv []string
	// Rules are rules granted up front: from the user's config, or rebuilt
	// from the event log on resume. Invalid rules are skipped (see
	// Config.Validate).
	Rules []event.Rule
	// Home is the user's home directory, for "~"; empty means
	// os.UserHomeDir.
	Home string
	// Environ is the environment programs inherit before scrubbing; nil
	// means os.Environ().
	Environ []string
	// Protected lists absolute directories the model may never touch, even
	// with approval: wtagent's own home (its Chrome profile holds the
	// ChatGPT session) belongs here.
	Protected []string
	// MCPTools are the MCP tools of the run by name (mcp.SERVER.TOOL);
	// a call of any other mcp.* name is denied.
	MCPTools map[string]MCPTool
	// Confined, if set, makes the engine a sub-agent's: it denies
	// agent.run and every change outside the confinement's paths.
	Confined *Confinement
	// Sandbox is what the run's sandbox enforces (from its Status). The
	// zero value holds nothing: the commands it would contain ask.
	Sandbox Containment
}

// Containment is what the sandbox holds of the commands a run starts
// (classify.Containment).
type Containment = classify.Containment

// Validate reports the first problem with the configuration: an unknown
// mode or a rule that is malformed or too broad.
func (c Config) Validate() error {
	if c.Mode != "" && !c.Mode.Valid() {
		return fmt.Errorf("policy: unknown approvals mode %q", c.Mode)
	}
	home := c.home()
	for _, r := range c.Rules {
		if err := validateRule(r, home); err != nil {
			return err
		}
	}
	for _, p := range c.Protected {
		if !filepath.IsAbs(p) {
			return fmt.Errorf("policy: protected path %q is not absolute", p)
		}
	}
	return nil
}

func (c Config) home() string {
	if c.Home != "" {
		return filepath.Clean(c.Home)
	}
	h, _ := os.UserHomeDir()
	return h
}

// Engine decides allow, ask or deny for every tool call, before anything
// runs. It holds the task's rules; it is safe for concurrent use, though
// the runtime owns it from one policy actor.
type Engine struct {
	b       *boundary.Boundary
	mode    Mode
	home    string
	env     []string // the scrubbed environment programs start from
	guarded []string
	// mcp is the MCP tools of the run.
	mcp map[string]MCPTool
	// confined is a sub-agent's confinement (nil: the main session).
	confined *Confinement
	// held is what the sandbox contains of commands.
	held Containment
	// cs compares paths with the guarded directories (case-insensitively
	// on Windows and macOS, where folding only refuses more).
	cs boundary.Case

	mu     sync.RWMutex
	config []event.Rule
	grants []event.Rule
}

// New returns an engine enforcing b. A nil b denies every call that names
// a path or runs a program.
func New(cfg Config, b *boundary.Boundary) *Engine {
	environ := cfg.Environ
	if environ == nil {
		environ = os.Environ()
	}
	mode := cfg.Mode
	if !mode.Valid() {
		mode = ModeDeny
	}
	e := &Engine{b: b, mode: mode, home: cfg.home(), env: ScrubEnv(environ, cfg.AllowEnv), cs: boundary.HostCase(), mcp: maps.Clone(cfg.MCPTools), confined: cfg.Confined, held: cfg.Sandbox}
	for _, p := range cfg.Protected {
		if filepath.IsAbs(p) {
			e.guarded = append(e.guarded, filepath.Clean(p))
			if real, err := filepath.EvalSymlinks(p); err == nil && real != p {
				e.guarded = append(e.guarded, real)
			}
		}
	}
	for _, r := range cfg.Rules {
		if validateRule(r, e.home) == nil {
			e.config = append(e.config, cloneRule(r))
		}
	}
	return e
}

// Mode returns the engine's approvals mode.
func (e *Engine) Mode() Mode { return e.mode }

// Boundary returns the project root the engine enforces.
func (e *Engine) Boundary() *boundary.Boundary { return e.b }

// Grant adds a rule for the rest of the task (after an "allow for this
// task" answer, or on replay of the event log). It refuses rules that are
// malformed or too broad (ErrBadRule). Granting a rule twice is a no-op.
func (e *Engine) Grant(r event.Rule) error {
	if err := validateRule(r, e.home); err != nil {
		return err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, g := range append(slices.Clip(e.config), e.grants...) {
		if sameRule(g, r) {
			return nil
		}
	}
	e.grants = append(e.grants, cloneRule(r))
	return nil
}

// Rules returns the rules in force: the configured ones, then the task's
// grants in the order they were made.
func (e *Engine) Rules() []event.Rule {
	e.mu.RLock()
	defer e.mu.RUnlock()
	out := make([]event.Rule, 0, len(e.config)+len(e.grants))
	for _, r := range append(slices.Clip(e.config), e.grants...) {
		out = append(out, cloneRule(r))
	}
	return out
}

// ClearGrants drops the task's grants (a new task starts), keeping the
// configured rules.
func (e *Engine) ClearGrants() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.grants = nil
}

// ResolveGranted returns the absolute path a model path names (with "~"
// expanded) and whether a path rule for tool covers it. Tools do not need
// it to run an allowed call (see Outside); it answers "is this path
// granted for the task?" for the UI and the status view.
func (e *Engine) ResolveGranted(tool, p string) (abs string, granted bool) {
	if e.b == nil {
		return "", false
	}
	loc, err := e.b.Locate(p, e.home)
	if err != nil {
		return "", false
	}
	f := classify.Finding{At: -1, Path: loc.Abs}
	e.mu.RLock()
	defer e.mu.RUnlock()
	for _, r := range append(slices.Clip(e.config), e.grants...) {
		if r.Kind == RulePath && covers(r, tool, nil, f) {
			return loc.Abs, true
		}
	}
	return loc.Abs, false
}

// protected reports whether abs is inside a protected directory.
func (e *Engine) protected(abs string) bool {
	for _, p := range e.guarded {
		if _, ok := e.cs.Within(abs, p, filepath.Separator); ok {
			return true
		}
	}
	return false
}

func sameRule(a, b event.Rule) bool {
	return a.Tool == b.Tool && a.Kind == b.Kind && slices.Equal(a.Prefix, b.Prefix)
}

func cloneRule(r event.Rule) event.Rule {
	r.Prefix = slices.Clone(r.Prefix)
	if isMCP(r.Tool) && r.Kind == RuleTool {
		r.Kind = "" // one spelling of a tool rule
	}
	return r
}

// Outside returns the absolute paths outside the project root that an
// allowed call's path or cwd names (for messages.InvokeTool.Outside): the
// tool opens an os.Root at each (or uses it as a program's working
// directory). Paths in a program's argv are not listed: the program
// opens those itself.
func (e *Engine) Outside(call event.ToolCall) []string {
	if e.b == nil {
		return nil
	}
	var p string
	switch a := call.Args.(type) {
	case *protocol.FSListArgs:
		p = a.Path
	case *protocol.FSReadArgs:
		p = a.Path
	case *protocol.FSWriteArgs:
		p = a.Path
	case *protocol.FSEditArgs:
		p = a.Path
	case *protocol.FSSearchArgs:
		p = a.Path
	case *protocol.ExecArgs:
		p = a.Cwd
	case *protocol.ProcessStartArgs:
		p = a.Cwd
	}
	if p == "" {
		return nil
	}
	loc, err := e.b.Locate(p, e.home)
	if err != nil || loc.Inside {
		return nil
	}
	return []string{loc.Abs}
}
