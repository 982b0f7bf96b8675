package protocol

import (
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// ArgType is the type of one tool argument as it appears inside <args>.
type ArgType string

// The argument types.
const (
	// ArgString is a single-line string.
	ArgString ArgType = "string"
	// ArgText is free text kept byte for byte (send it in CDATA).
	ArgText ArgType = "text"
	// ArgInt is a decimal integer.
	ArgInt ArgType = "int"
	// ArgBool is true or false.
	ArgBool ArgType = "bool"
	// ArgEnum is one of a fixed set of strings.
	ArgEnum ArgType = "enum"
	// ArgList is a list of strings, one <item> each.
	ArgList ArgType = "list"
	// ArgEdits is a list of <edit> elements, each with <old_text>,
	// <new_text> and an optional <replace_all>.
	ArgEdits ArgType = "edits"
	// ArgNumber is a decimal number (a float64 field).
	ArgNumber ArgType = "number"
	// ArgJSON is any JSON value written as text (a json.RawMessage
	// field): a run-time tool's objects and arrays that are not lists of
	// strings.
	ArgJSON ArgType = "json"
)

// ArgSpec declares one argument of a tool.
type ArgSpec struct {
	// Name is the element name inside <args> and the `arg:"…"` tag of the
	// field in the tool's argument struct.
	Name     string
	Type     ArgType
	Required bool
	// Default is applied when the argument is absent (as XML text).
	Default string
	// Enum lists the allowed values of an ArgEnum.
	Enum []string
	// Min and Max bound an ArgInt (inclusive) when Max > Min.
	Min, Max int
	// MaxLen bounds the byte length of a string, text or list item; zero
	// means the decoder's global cap.
	MaxLen int
	// NonEmpty refuses an empty value (an ArgText that is given but empty).
	// An empty string, int, bool or enum always counts as absent.
	NonEmpty bool
	// Form names the alternative argument form this argument belongs to. A
	// tool whose arguments have forms takes exactly one form per call (the
	// one whose arguments appear); Required then means "required when this
	// form is used". fs.edit has the forms "single" (old_text, new_text,
	// replace_all) and "edits".
	Form string
	// Doc is a short description for the model.
	Doc string
}

// ToolSpec declares one tool: what the model is told, how its arguments are
// typed and how the runtime treats it.
type ToolSpec struct {
	Name        string
	Description string
	Args        []ArgSpec
	// Risk is the tool's baseline risk; policy may raise it per call.
	Risk event.Risk
	// Timeout is the default per-call deadline; MaxTimeout caps what the
	// model may ask for (terminal.exec's timeout_ms).
	Timeout, MaxTimeout time.Duration
	// OutputLimit is the most bytes of output per call sent to the model.
	OutputLimit int
	// ReadOnly tools have no side effects: a call whose outcome was lost in
	// a crash may be re-run on resume.
	ReadOnly bool
	// New returns a pointer to a zero value of the tool's argument struct.
	New func() any
}

// Tool names.
const (
	ToolFSList        = "fs.list"
	ToolFSRead        = "fs.read"
	ToolFSWrite       = "fs.write"
	ToolFSEdit        = "fs.edit"
	ToolFSPatch       = "fs.patch"
	ToolFSSearch      = "fs.search"
	ToolTerminalExec  = "terminal.exec"
	ToolProcessStart  = "process.start"
	ToolProcessRead   = "process.read"
	ToolProcessStop   = "process.stop"
	ToolProcessList   = "process.list"
	ToolProjectStatus = "project.status"
)

// FSListArgs are the arguments of fs.list.
type FSListArgs struct {
	Path          string `arg:"path" json:"path"`
	Depth         int    `arg:"depth" json:"depth"`
	IncludeHidden bool   `arg:"include_hidden" json:"include_hidden"`
}

// FSReadArgs are the arguments of fs.read; Offset and Limit count lines
// (Offset from 0).
type FSReadArgs struct {
	Path   string `arg:"path" json:"path"`
	Offset int    `arg:"offset" json:"offset"`
	Limit  int    `arg:"limit" json:"limit"`
}

// FSWriteArgs are the arguments of fs.write; Mode is "overwrite" or
// "append".
type FSWriteArgs struct {
	Path    string `arg:"path" json:"path"`
	Content string `arg:"content" json:"content"`
	Mode    string `arg:"mode" json:"mode"`
}

// Edit is one exact-text replacement.
type Edit struct {
	OldText    string `arg:"old_text" json:"old_text"`
	NewText    string `arg:"new_text" json:"new_text"`
	ReplaceAll bool   `arg:"replace_all" json:"replace_all"`
}

// FSEditArgs are the arguments of fs.edit: either one edit (OldText,
// NewText, ReplaceAll) or a list of Edits, applied in order, atomically.
type FSEditArgs struct {
	Path       string `arg:"path" json:"path"`
	OldText    string `arg:"old_text" json:"old_text,omitempty"`
	NewText    string `arg:"new_text" json:"new_text,omitempty"`
	ReplaceAll bool   `arg:"replace_all" json:"replace_all,omitempty"`
	Edits      []Edit `arg:"edits" json:"edits,omitempty"`
}

// FSPatchArgs are the arguments of fs.patch: a patch in the apply_patch
// format (see package applypatch).
type FSPatchArgs struct {
	Patch string `arg:"patch" json:"patch"`
}

// FSSearchArgs are the arguments of fs.search.
type FSSearchArgs struct {
	Pattern         string `arg:"pattern" json:"pattern"`
	Path            string `arg:"path" json:"path"`
	Glob            string `arg:"glob" json:"glob,omitempty"`
	Regex           bool   `arg:"regex" json:"regex"`
	CaseInsensitive bool   `arg:"case_insensitive" json:"case_insensitive"`
	MaxResults      int    `arg:"max_results" json:"max_results"`
}

// ExecArgs are the arguments of terminal.exec. Env holds KEY=VALUE
// additions to the child's environment.
type ExecArgs struct {
	Program   string   `arg:"program" json:"program"`
	Argv      []string `arg:"argv" json:"argv"`
	Cwd       string   `arg:"cwd" json:"cwd"`
	TimeoutMS int      `arg:"timeout_ms" json:"timeout_ms"`
	Env       []string `arg:"env" json:"env,omitempty"`
}

// ProcessStartArgs are the arguments of process.start.
type ProcessStartArgs struct {
	Program string   `arg:"program" json:"program"`
	Argv    []string `arg:"argv" json:"argv"`
	Cwd     string   `arg:"cwd" json:"cwd"`
	Env     []string `arg:"env" json:"env,omitempty"`
}

// ProcessReadArgs are the arguments of process.read. Since is an output
// offset returned by an earlier read; -1 (the default) means "since the
// last read".
type ProcessReadArgs struct {
	ProcessID string `arg:"process_id" json:"process_id"`
	Since     int    `arg:"since" json:"since"`
}

// ProcessStopArgs are the arguments of process.stop.
type ProcessStopArgs struct {
	ProcessID string `arg:"process_id" json:"process_id"`
}

// ProcessListArgs are the (empty) arguments of process.list.
type ProcessListArgs struct{}

// ProjectStatusArgs are the (empty) arguments of project.status.
type ProjectStatusArgs struct{}
