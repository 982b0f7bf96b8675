package export

import (
	"encoding/json"
	"fmt"

	"github.com/wtagent/wtagent/session/event"
)

// Claude Code tool inputs, field for field as Claude Code names them.
type (
	claudeRead struct {
		FilePath string `json:"file_path"`
		Offset   int    `json:"offset,omitempty"`
		Limit    int    `json:"limit,omitempty"`
	}
	claudeWrite struct {
		FilePath string `json:"file_path"`
		Content  string `json:"content"`
	}
	claudeEdit struct {
		FilePath   string `json:"file_path"`
		OldString  string `json:"old_string"`
		NewString  string `json:"new_string"`
		ReplaceAll bool   `json:"replace_all,omitempty"`
	}
	claudeEditOp struct {
		OldString  string `json:"old_string"`
		NewString  string `json:"new_string"`
		ReplaceAll bool   `json:"replace_all,omitempty"`
	}
	claudeMultiEdit struct {
		FilePath string         `json:"file_path"`
		Edits    []claudeEditOp `json:"edits"`
	}
	claudeBash struct {
		Command         string `json:"command"`
		Timeout         int    `json:"timeout,omitempty"`
		Description     string `json:"description"`
		RunInBackground bool   `json:"run_in_background,omitempty"`
	}
	claudeGrep struct {
		Pattern         string `json:"pattern"`
		Path            string `json:"path,omitempty"`
		Glob            string `json:"glob,omitempty"`
		OutputMode      string `json:"output_mode"`
		CaseInsensitive bool   `json:"-i,omitempty"`
		LineNumbers     bool   `json:"-n"`
		HeadLimit       int    `json:"head_limit,omitempty"`
	}
	claudeLS struct {
		Path string `json:"path"`
	}
	claudeBashOutput struct {
		BashID string `json:"bash_id"`
	}
	claudeKillShell struct {
		ShellID string `json:"shell_id"`
	}
)

// claudeTool maps a wtagent call onto a Claude Code tool and its input;
// calls with no counterpart keep a descriptive name and their arguments.
func claudeTool(call event.ToolCall, root string) (string, json.RawMessage, error) {
	if name, ok := mcpName(call.Name); ok {
		return name, argsOrEmpty(call.CanonicalArgs), nil
	}
	name, v := claudeMapping(call, root)
	if name == "" {
		return descriptiveName(call.Name), argsOrEmpty(call.CanonicalArgs), nil
	}
	b, err := marshalCompact(v)
	if err != nil {
		return "", nil, fmt.Errorf("tool input of %s: %w", call.Name, err)
	}
	return name, b, nil
}

// claudeMapping returns the Claude Code tool and input for call, or "" when
// there is none or the arguments do not decode.
func claudeMapping(call event.ToolCall, root string) (string, any) {
	raw := call.CanonicalArgs
	switch call.Name {
	case toolFSRead:
		var a fsReadArgs
		if decodeArgs(raw, &a) && a.Path != "" {
			r := claudeRead{FilePath: absPath(root, a.Path), Limit: a.Limit}
			if a.Offset > 0 {
				r.Offset = a.Offset + 1 // Claude Code counts lines from 1
			}
			return "Read", r
		}
	case toolFSWrite:
		var a fsWriteArgs
		if decodeArgs(raw, &a) && a.Path != "" {
			if a.Mode == "append" {
				return "Bash", claudeBash{
					Command:     "printf '%s' " + shellQuote(a.Content) + " >> " + shellQuote(a.Path),
					Description: "Append to " + a.Path,
				}
			}
			return "Write", claudeWrite{FilePath: absPath(root, a.Path), Content: a.Content}
		}
	case toolFSEdit:
		var a fsEditArgs
		if decodeArgs(raw, &a) && a.Path != "" {
			return claudeEditTool(absPath(root, a.Path), a.edits())
		}
	case toolTerminalExec:
		var a execArgs
		if decodeArgs(raw, &a) && a.Program != "" {
			return "Bash", claudeBash{Command: commandLine(a.Program, a.Argv, a.Cwd, a.Env),
				Timeout: a.TimeoutMS, Description: "Run " + describeCommand(a)}
		}
	case toolProcessStart:
		var a execArgs
		if decodeArgs(raw, &a) && a.Program != "" {
			return "Bash", claudeBash{Command: commandLine(a.Program, a.Argv, a.Cwd, a.Env),
				Description: "Start " + describeCommand(a) + " in the background", RunInBackground: true}
		}
	case toolProcessRead:
		var a processArgs
		if decodeArgs(raw, &a) && a.ProcessID != "" {
			return "BashOutput", claudeBashOutput{BashID: a.ProcessID}
		}
	case toolProcessStop:
		var a processArgs
		if decodeArgs(raw, &a) && a.ProcessID != "" {
			return "KillShell", claudeKillShell{ShellID: a.ProcessID}
		}
	case toolFSSearch:
		var a fsSearchArgs
		if decodeArgs(raw, &a) && a.Pattern != "" {
			return "Grep", claudeGrep{Pattern: searchRegexp(fsSearchArgs{Pattern: a.Pattern, Regex: a.Regex}),
				Path: absPath(root, a.Path), Glob: a.Glob, OutputMode: "content",
				CaseInsensitive: a.CaseInsensitive, LineNumbers: true, HeadLimit: a.MaxResults}
		}
	case toolFSList:
		var a fsListArgs
		if decodeArgs(raw, &a) {
			return "LS", claudeLS{Path: absPath(root, a.Path)}
		}
	case toolAgentRun:
		return claudeAgent(raw)
	}
	return "", nil
}

// claudeEditTool is Edit for one replacement, MultiEdit for several.
func claudeEditTool(path string, edits []editArgs) (string, any) {
	switch len(edits) {
	case 0:
		return "", nil
	case 1:
		e := edits[0]
		return "Edit", claudeEdit{FilePath: path, OldString: e.OldText, NewString: e.NewText, ReplaceAll: e.ReplaceAll}
	}
	ops := make([]claudeEditOp, len(edits))
	for i, e := range edits {
		ops[i] = claudeEditOp{OldString: e.OldText, NewString: e.NewText, ReplaceAll: e.ReplaceAll}
	}
	return "MultiEdit", claudeMultiEdit{FilePath: path, Edits: ops}
}

// describeCommand is a short description of a program call: its command
// line, shortened to a few words.
func describeCommand(a execArgs) string {
	d := shellJoin(append([]string{a.Program}, a.Argv...))
	if r := []rune(d); len(r) > 60 {
		d = string(r[:59]) + "…"
	}
	return d
}
