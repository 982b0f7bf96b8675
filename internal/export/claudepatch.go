package export

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/wtagent/wtagent/protocol/applypatch"
	"github.com/wtagent/wtagent/session/event"
)

// claudeUse is one Claude Code tool_use a wtagent call becomes: most calls
// become one; an fs.patch becomes one per file (Write, Edit or MultiEdit,
// Bash for a delete or a move), as Claude Code itself would change them.
type claudeUse struct {
	name  string
	input json.RawMessage
	// file is the patch file (its index in the result's files) the use
	// changes; path is the project-relative path whose diff it shows.
	file int
	path string
}

// claudeUses maps a call onto its tool_use blocks.
func claudeUses(call event.ToolCall, root string) ([]claudeUse, error) {
	if call.Name == toolFSPatch {
		var a fsPatchArgs
		if decodeArgs(call.CanonicalArgs, &a) {
			if p, err := applypatch.Parse(a.Patch); err == nil {
				return patchUses(p, root)
			}
		}
	}
	name, input, err := claudeTool(call, root)
	if err != nil {
		return nil, err
	}
	return []claudeUse{{name: name, input: input, file: -1}}, nil
}

// patchUses is a parsed patch as Claude Code's tools, file by file.
func patchUses(p *applypatch.Patch, root string) ([]claudeUse, error) {
	var out []claudeUse
	add := func(i int, path, name string, v any) error {
		b, err := marshalCompact(v)
		out = append(out, claudeUse{name: name, input: b, file: i, path: path})
		return err
	}
	for i, f := range p.Files {
		var err error
		switch {
		case f.Action == applypatch.Add:
			err = add(i, f.Path, "Write", claudeWrite{FilePath: absPath(root, f.Path), Content: f.Content()})
		case f.Action == applypatch.Delete:
			err = add(i, f.Path, "Bash", claudeBash{Command: "rm " + shellQuote(f.Path), Description: "Delete " + f.Path})
		default:
			path := f.Path
			if f.MoveTo != "" {
				path = f.MoveTo
				err = add(i, path, "Bash", claudeBash{Command: "mv " + shellQuote(f.Path) + " " + shellQuote(f.MoveTo),
					Description: "Move " + f.Path + " to " + f.MoveTo})
			}
			if name, v := claudeEditTool(absPath(root, path), hunkEdits(f.Hunks)); err == nil && name != "" {
				err = add(i, path, name, v)
			}
		}
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// hunkEdits turns hunks into exact-text replacements: the lines a hunk
// expects (context and removed) become the lines it leaves (context and
// added).
func hunkEdits(hunks []applypatch.Hunk) []editArgs {
	var out []editArgs
	for _, h := range hunks {
		var old, nw []string
		for _, l := range h.Lines {
			if l.Op != '+' {
				old = append(old, l.Text)
			}
			if l.Op != '-' {
				nw = append(nw, l.Text)
			}
		}
		out = append(out, editArgs{OldText: strings.Join(old, "\n"), NewText: strings.Join(nw, "\n")})
	}
	return out
}

// patchPart is the result of one tool_use of a patch: the call's result
// with, when it succeeded, the line of its file and the diff of its path.
func patchPart(r event.ToolResult, u claudeUse) (event.ToolResult, string) {
	text := resultText(r)
	if r.Status != event.ToolOK || u.file < 0 {
		return r, text
	}
	var data struct {
		Files []struct {
			Path    string `json:"path"`
			Action  string `json:"action"`
			MovedTo string `json:"moved_to"`
			Added   int    `json:"added"`
			Removed int    `json:"removed"`
		} `json:"files"`
	}
	if json.Unmarshal(r.Data, &data) == nil && u.file < len(data.Files) {
		f := data.Files[u.file]
		name := f.Path
		if f.MovedTo != "" {
			name += " → " + f.MovedTo
		}
		text = f.Action + " " + name + " (+" + strconv.Itoa(f.Added) + " -" + strconv.Itoa(f.Removed) + ")"
	}
	r.Diff = diffSection(r.Diff, u.path)
	return r, text
}

// diffSection is the part of a multi-file unified diff about path.
func diffSection(diff, path string) string {
	lines := strings.SplitAfter(diff, "\n")
	for i := 0; i+1 < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "--- ") || strings.TrimRight(lines[i+1], "\n") != "+++ b/"+path {
			continue
		}
		end := i + 2
		for end+1 < len(lines) && !(strings.HasPrefix(lines[end], "--- ") && strings.HasPrefix(lines[end+1], "+++ ")) {
			end++
		}
		if end+1 >= len(lines) {
			end = len(lines)
		}
		return strings.Join(lines[i:end], "")
	}
	return ""
}

// useID is the tool_use id of a call's k-th use: the call's own id for the
// first, then callID_2, callID_3….
func useID(callID string, k int) string {
	if k == 0 {
		return callID
	}
	return callID + "_" + strconv.Itoa(k+1)
}
