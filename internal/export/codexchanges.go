package export

import (
	"strings"

	"github.com/wtagent/wtagent/protocol/applypatch"
	"github.com/wtagent/wtagent/session/event"
)

// codexFileChange is one file of a patch_apply_end event's changes, in
// Codex's FileChange shape: an add or a delete with the file's content,
// or an update with its unified diff and, for a move, the new path.
type codexFileChange struct {
	Type        string  `json:"type"`
	Content     *string `json:"content,omitempty"`
	UnifiedDiff *string `json:"unified_diff,omitempty"`
	MovePath    *string `json:"move_path,omitempty"`
}

// patchApplyEnd is the patch_apply_end event of an apply_patch call.
// Codex 0.17x drops the event (and with it the file-change item its
// history view shows) unless status is set; changes name each file the
// patch changed by its absolute path.
func patchApplyEnd(callID, turnID, root, input string, r event.ToolResult, text string) map[string]any {
	status, changes := "failed", map[string]codexFileChange{}
	if r.Status == event.ToolOK {
		status, changes = "completed", codexChanges(input, root, r.Diff)
	}
	return map[string]any{"type": "patch_apply_end", "call_id": callID, "turn_id": turnID,
		"stdout": text, "stderr": "", "success": r.Status == event.ToolOK, "changes": changes, "status": status}
}

// codexChanges maps the files of an apply_patch input onto Codex's
// FileChange records; diff is the call's unified diff (the content of a
// deleted file, the diff of an update). An input that does not parse
// changes nothing Codex can show: no records.
func codexChanges(input, root, diff string) map[string]codexFileChange {
	out := map[string]codexFileChange{}
	p, err := applypatch.Parse(input)
	if err != nil {
		return out
	}
	for _, f := range p.Files {
		switch f.Action {
		case applypatch.Add:
			content := f.Content()
			out[absPath(root, f.Path)] = codexFileChange{Type: "add", Content: &content}
		case applypatch.Delete:
			content := deletedContent(diff, f.Path)
			out[absPath(root, f.Path)] = codexFileChange{Type: "delete", Content: &content}
		default:
			c := codexFileChange{Type: "update"}
			d := diffSection(diff, f.Path)
			if f.MoveTo != "" || d == "" {
				// A move's diff is a delete and an add: the hunks say what changed.
				d = hunksDiff(f)
			}
			c.UnifiedDiff = &d
			if f.MoveTo != "" {
				to := absPath(root, f.MoveTo)
				c.MovePath = &to
			}
			out[absPath(root, f.Path)] = c
		}
	}
	return out
}

// deletedContent is the content of the file a unified diff deletes: the
// removed lines of its "--- a/path" / "+++ /dev/null" section.
func deletedContent(diff, path string) string {
	lines := strings.SplitAfter(diff, "\n")
	var b strings.Builder
	in := false
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "--- "):
			in = strings.TrimRight(l, "\n") == "--- a/"+path && i+1 < len(lines) &&
				strings.TrimRight(lines[i+1], "\n") == "+++ /dev/null"
		case in && strings.HasPrefix(l, "-"):
			b.WriteString(strings.TrimSuffix(l[1:], "\n") + "\n")
		}
	}
	return b.String()
}

// hunksDiff writes an Update's hunks as the body of a unified diff.
func hunksDiff(f applypatch.File) string {
	var b strings.Builder
	for _, h := range f.Hunks {
		b.WriteString(strings.TrimRight("@@ "+h.Anchor, " ") + "\n")
		for _, l := range h.Lines {
			b.WriteString(string(l.Op) + l.Text + "\n")
		}
	}
	return b.String()
}
