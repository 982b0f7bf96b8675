package export

import (
	"bytes"
	"encoding/json"
	"path/filepath"
)

// Tool names of wtagent's catalogue, as the event log records them. They
// mirror package protocol's constants; export does not import protocol.
const (
	toolFSList        = "fs.list"
	toolFSRead        = "fs.read"
	toolFSWrite       = "fs.write"
	toolFSEdit        = "fs.edit"
	toolFSPatch       = "fs.patch"
	toolFSSearch      = "fs.search"
	toolTerminalExec  = "terminal.exec"
	toolProcessStart  = "process.start"
	toolProcessRead   = "process.read"
	toolProcessStop   = "process.stop"
	toolProcessList   = "process.list"
	toolProjectStatus = "project.status"
)

// The argument shapes of the tools, as canonical JSON. They mirror package
// protocol's argument structs field for field.
type (
	fsListArgs struct {
		Path          string `json:"path"`
		Depth         int    `json:"depth"`
		IncludeHidden bool   `json:"include_hidden"`
	}
	fsReadArgs struct {
		Path   string `json:"path"`
		Offset int    `json:"offset"`
		Limit  int    `json:"limit"`
	}
	fsWriteArgs struct {
		Path    string `json:"path"`
		Content string `json:"content"`
		Mode    string `json:"mode"`
	}
	editArgs struct {
		OldText    string `json:"old_text"`
		NewText    string `json:"new_text"`
		ReplaceAll bool   `json:"replace_all"`
	}
	fsEditArgs struct {
		Path       string     `json:"path"`
		OldText    string     `json:"old_text"`
		NewText    string     `json:"new_text"`
		ReplaceAll bool       `json:"replace_all"`
		Edits      []editArgs `json:"edits"`
	}
	fsPatchArgs struct {
		Patch string `json:"patch"`
	}
	fsSearchArgs struct {
		Pattern         string `json:"pattern"`
		Path            string `json:"path"`
		Glob            string `json:"glob"`
		Regex           bool   `json:"regex"`
		CaseInsensitive bool   `json:"case_insensitive"`
		MaxResults      int    `json:"max_results"`
	}
	execArgs struct {
		Program   string   `json:"program"`
		Argv      []string `json:"argv"`
		Cwd       string   `json:"cwd"`
		TimeoutMS int      `json:"timeout_ms"`
		Env       []string `json:"env"`
	}
	processArgs struct {
		ProcessID string `json:"process_id"`
		Since     *int   `json:"since"`
	}
)

// decodeArgs decodes canonical args into v; false when they do not fit.
func decodeArgs(raw json.RawMessage, v any) bool {
	if len(raw) == 0 {
		raw = json.RawMessage("{}")
	}
	return json.Unmarshal(raw, v) == nil
}

// edits returns an fs.edit's replacements in order: the single edit first,
// then the list.
func (a fsEditArgs) edits() []editArgs {
	var out []editArgs
	if a.OldText != "" || a.NewText != "" {
		out = append(out, editArgs{OldText: a.OldText, NewText: a.NewText, ReplaceAll: a.ReplaceAll})
	}
	return append(out, a.Edits...)
}

// absPath resolves a project-relative path against root (unchanged when
// already absolute or when root is unknown).
func absPath(root, p string) string {
	if p == "" {
		p = "."
	}
	if root == "" || filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(root, p)
}

// argsOrEmpty returns canonical args, "{}" when there are none.
func argsOrEmpty(raw json.RawMessage) json.RawMessage {
	if len(bytes.TrimSpace(raw)) == 0 {
		return json.RawMessage("{}")
	}
	return raw
}

// marshalCompact encodes v as JSON without HTML escaping and without the
// trailing newline.
func marshalCompact(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}
