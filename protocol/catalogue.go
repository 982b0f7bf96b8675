package protocol

import (
	"errors"
	"fmt"
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// Catalogue is the set of tools offered to the model. The bootstrap prompt's
// tool list, argument decoding and the runtime's timeouts all come from it,
// so a tool is described exactly once.
type Catalogue struct {
	specs []ToolSpec
	index map[string]int
	// maxCalls is the most <tool_call> elements one reply may hold (≥1).
	maxCalls int
	// chain lets a reply carry several changes, run in order (see
	// WithChain).
	chain bool
}

// NewCatalogue returns a catalogue of the given tools, in that order,
// allowing one tool call per reply (see WithMaxCalls).
func NewCatalogue(specs ...ToolSpec) *Catalogue {
	c := &Catalogue{specs: specs, index: make(map[string]int, len(specs)), maxCalls: 1}
	for i, s := range specs {
		c.index[s.Name] = i
	}
	return c
}

// MaxCallsLimit is the most tool calls per reply a catalogue may allow.
const MaxCallsLimit = 8

// ErrMaxCalls is returned by WithMaxCalls for a limit outside
// 1..MaxCallsLimit.
var ErrMaxCalls = errors.New("protocol: calls per reply must be 1 to 8")

// WithMaxCalls returns a copy of c under which a reply may hold up to n
// <tool_call> elements (the calls-per-reply setting). Parse, the prompts,
// CatalogueText and ReminderFor all follow it, so the model is told the
// limit the parser applies. n = 1 is the one-call protocol, byte for byte;
// n outside 1..MaxCallsLimit is an error wrapping ErrMaxCalls.
func (c *Catalogue) WithMaxCalls(n int) (*Catalogue, error) {
	if n < 1 || n > MaxCallsLimit {
		return nil, fmt.Errorf("%w: got %d", ErrMaxCalls, n)
	}
	out := *c
	out.maxCalls = n
	return &out, nil
}

// MaxCalls returns the most <tool_call> elements one reply may hold.
func (c *Catalogue) MaxCalls() int {
	return max(c.maxCalls, 1)
}

// WithChain returns a copy of c under which a reply with several calls may
// carry several changes after its reads, run one at a time in order until
// one does not succeed (the chain-changes setting); off keeps issue 26's
// rule of one change, last. It matters only when MaxCalls > 1.
func (c *Catalogue) WithChain(on bool) *Catalogue {
	out := *c
	out.chain = on
	return &out
}

// Chains reports whether a reply may carry a chain of changes: the
// catalogue allows several calls per reply and WithChain turned it on.
func (c *Catalogue) Chains() bool {
	return c.chain && c.MaxCalls() > 1
}

// Lookup returns the spec of the named tool.
func (c *Catalogue) Lookup(name string) (ToolSpec, bool) {
	i, ok := c.index[name]
	if !ok {
		return ToolSpec{}, false
	}
	return c.specs[i], true
}

// Specs returns the tools in catalogue order.
func (c *Catalogue) Specs() []ToolSpec {
	return append([]ToolSpec(nil), c.specs...)
}

// Names returns the tool names in catalogue order.
func (c *Catalogue) Names() []string {
	names := make([]string, len(c.specs))
	for i, s := range c.specs {
		names[i] = s.Name
	}
	return names
}

// DefaultCatalogue returns wtagent's built-in tools.
func DefaultCatalogue() *Catalogue {
	path := func(doc string, required bool) ArgSpec {
		return ArgSpec{Name: "path", Type: ArgString, Required: required, Default: defaultIf(!required, "."), Doc: doc}
	}
	argv := ArgSpec{Name: "argv", Type: ArgList, Doc: "arguments, one <item> each (no shell)"}
	cwd := ArgSpec{Name: "cwd", Type: ArgString, Default: ".", Doc: "working directory"}
	env := ArgSpec{Name: "env", Type: ArgList, Doc: "extra environment, one KEY=VALUE <item> each"}
	procID := ArgSpec{Name: "process_id", Type: ArgString, Required: true, Doc: "id returned by process.start"}
	return NewCatalogue(
		ToolSpec{
			Name:        ToolFSList,
			Description: "List a directory (directories end with /, files show their size). Skips .git.",
			Args: []ArgSpec{
				path("directory", false),
				{Name: "depth", Type: ArgInt, Default: "2", Min: 0, Max: 8, Doc: "how many levels to descend"},
				{Name: "include_hidden", Type: ArgBool, Default: "false", Doc: "list dot-files too"},
			},
			Risk: event.RiskRead, Timeout: 30 * time.Second, OutputLimit: 32 << 10, ReadOnly: true,
			New: func() any { return new(FSListArgs) },
		},
		ToolSpec{
			Name:        ToolFSRead,
			Description: "Read a text file by lines; returns the lines, the total line count and whether more remain.",
			Args: []ArgSpec{
				path("file", true),
				{Name: "offset", Type: ArgInt, Default: "0", Min: 0, Max: 1 << 30, Doc: "first line to return, from 0"},
				{Name: "limit", Type: ArgInt, Default: "400", Min: 1, Max: 4000, Doc: "most lines to return"},
			},
			Risk: event.RiskRead, Timeout: 30 * time.Second, OutputLimit: 48 << 10, ReadOnly: true,
			New: func() any { return new(FSReadArgs) },
		},
		ToolSpec{
			Name:        ToolFSWrite,
			Description: "Create, overwrite or append to a file atomically; parent directories are created.",
			Args: []ArgSpec{
				path("file", true),
				{Name: "content", Type: ArgText, Required: true, MaxLen: 4 << 20, Doc: "the whole new content"},
				{Name: "mode", Type: ArgEnum, Default: "overwrite", Enum: []string{"overwrite", "append"}, Doc: "overwrite or append"},
			},
			Risk: event.RiskWrite, Timeout: 30 * time.Second, OutputLimit: 8 << 10,
			New: func() any { return new(FSWriteArgs) },
		},
		ToolSpec{
			Name:        ToolFSEdit,
			Description: "Replace exact text in a file atomically; fails if the old text is missing or not unique (unless replace_all). Returns a unified diff.",
			Args: []ArgSpec{
				path("file", true),
				{Name: "old_text", Type: ArgText, Required: true, NonEmpty: true, Form: "single", Doc: "exact text to replace"},
				{Name: "new_text", Type: ArgText, Required: true, Form: "single", Doc: "replacement (may be empty)"},
				{Name: "replace_all", Type: ArgBool, Default: "false", Form: "single", Doc: "replace every occurrence"},
				{Name: "edits", Type: ArgEdits, Required: true, Form: "edits", Doc: "edits applied in order, each <edit><old_text/><new_text/><replace_all/></edit>"},
			},
			Risk: event.RiskWrite, Timeout: 30 * time.Second, OutputLimit: 16 << 10,
			New: func() any { return new(FSEditArgs) },
		},
		ToolSpec{
			Name: ToolFSPatch,
			Description: "Add, update, delete and move any number of files in one call, all or none, in the apply_patch format: " +
				"*** Begin Patch, then per file *** Add File: P (every line +), *** Update File: P (optional *** Move to: Q; @@ hunks of " +
				"' ' context, '-' removed and '+' added lines, with enough context to be unique) or *** Delete File: P, then *** End Patch. " +
				"Returns each file's action and line counts.",
			Args: []ArgSpec{
				{Name: "patch", Type: ArgText, Required: true, NonEmpty: true, MaxLen: 4 << 20, Doc: "the patch"},
			},
			Risk: event.RiskWrite, Timeout: 30 * time.Second, OutputLimit: 16 << 10,
			New: func() any { return new(FSPatchArgs) },
		},
		ToolSpec{
			Name:        ToolFSSearch,
			Description: "Search file contents (literal text, or a regular expression with regex=true), honouring .gitignore. Returns path:line:text hits.",
			Args: []ArgSpec{
				{Name: "pattern", Type: ArgString, Required: true, Doc: "text or regular expression"},
				path("directory to search", false),
				{Name: "glob", Type: ArgString, Doc: "only files matching this glob, e.g. *.go"},
				{Name: "regex", Type: ArgBool, Default: "false", Doc: "treat pattern as a regular expression"},
				{Name: "case_insensitive", Type: ArgBool, Default: "false", Doc: "ignore case"},
				{Name: "max_results", Type: ArgInt, Default: "200", Min: 1, Max: 2000, Doc: "most hits in total"},
			},
			Risk: event.RiskRead, Timeout: 60 * time.Second, OutputLimit: 32 << 10, ReadOnly: true,
			New: func() any { return new(FSSearchArgs) },
		},
		ToolSpec{
			Name:        ToolTerminalExec,
			Description: "Run a program to completion in a terminal (PTY); returns the exit code, stdout and stderr (long output keeps head and tail). No shell: give the program and argv items.",
			Args: []ArgSpec{
				{Name: "program", Type: ArgString, Required: true, Doc: "program name or path, e.g. npm, go, ./build.sh"},
				argv, cwd,
				{Name: "timeout_ms", Type: ArgInt, Default: "120000", Min: 100, Max: 3600000, Doc: "kill the process tree after this long"},
				env,
			},
			Risk: event.RiskExecute, Timeout: 120 * time.Second, MaxTimeout: time.Hour, OutputLimit: 16 << 10,
			New: func() any { return new(ExecArgs) },
		},
		ToolSpec{
			Name:        ToolProcessStart,
			Description: "Start a long-running program such as a dev server. Waits until it prints a URL or listens on a port, then returns process_id, pid, status and detected_urls.",
			Args: []ArgSpec{
				{Name: "program", Type: ArgString, Required: true, Doc: "program name or path"},
				argv, cwd, env,
			},
			Risk: event.RiskExecute, Timeout: 60 * time.Second, OutputLimit: 8 << 10,
			New: func() any { return new(ProcessStartArgs) },
		},
		ToolSpec{
			Name:        ToolProcessRead,
			Description: "Read a managed process's new output since the last read (or since an offset).",
			Args: []ArgSpec{
				procID,
				{Name: "since", Type: ArgInt, Default: "-1", Min: -1, Max: 1 << 62, Doc: "output offset from an earlier read; -1 = since the last read"},
			},
			Risk: event.RiskRead, Timeout: 10 * time.Second, OutputLimit: 16 << 10, ReadOnly: true,
			New: func() any { return new(ProcessReadArgs) },
		},
		ToolSpec{
			Name:        ToolProcessStop,
			Description: "Stop a managed process and its whole process tree (TERM, a grace period, then KILL).",
			Args:        []ArgSpec{procID},
			Risk:        event.RiskExecute, Timeout: 30 * time.Second, OutputLimit: 8 << 10,
			New: func() any { return new(ProcessStopArgs) },
		},
		ToolSpec{
			Name:        ToolProcessList,
			Description: "List the processes started in this session with their state and URLs.",
			Risk:        event.RiskRead, Timeout: 10 * time.Second, OutputLimit: 8 << 10, ReadOnly: true,
			New: func() any { return new(ProcessListArgs) },
		},
		ToolSpec{
			Name:        ToolProjectStatus,
			Description: "Show the project root, git branch and dirty files, managed processes and the last verification result.",
			Risk:        event.RiskRead, Timeout: 30 * time.Second, OutputLimit: 16 << 10, ReadOnly: true,
			New: func() any { return new(ProjectStatusArgs) },
		},
	)
}

func defaultIf(cond bool, v string) string {
	if cond {
		return v
	}
	return ""
}
