package export

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/wtagent/wtagent/session/event"
)

// claudeHunk is one hunk of a structuredPatch.
type claudeHunk struct {
	OldStart int      `json:"oldStart"`
	OldLines int      `json:"oldLines"`
	NewStart int      `json:"newStart"`
	NewLines int      `json:"newLines"`
	Lines    []string `json:"lines"`
}

// toolUseResult is the toolUseResult Claude Code writes beside a tool
// result, in the shapes its view renders: a create or update record for
// Write, the replacement for Edit and MultiEdit, the streams for Bash. A
// failed call, and a tool with no such shape, get the text as a string
// (as Claude Code writes for errors).
func toolUseResult(name string, input json.RawMessage, r event.ToolResult, text string) any {
	if r.Status != event.ToolOK {
		return "Error: " + text
	}
	patch := structuredPatch(r.Diff)
	switch name {
	case "Write":
		var in claudeWrite
		if json.Unmarshal(input, &in) == nil {
			return map[string]any{"type": "create", "filePath": in.FilePath, "content": in.Content,
				"structuredPatch": patch, "originalFile": nil, "userModified": false}
		}
	case "Edit":
		var in claudeEdit
		if json.Unmarshal(input, &in) == nil {
			return map[string]any{"filePath": in.FilePath, "oldString": in.OldString, "newString": in.NewString,
				"originalFile": nil, "structuredPatch": patch, "userModified": false, "replaceAll": in.ReplaceAll}
		}
	case "MultiEdit":
		var in claudeMultiEdit
		if json.Unmarshal(input, &in) == nil {
			return map[string]any{"filePath": in.FilePath, "edits": in.Edits, "originalFileContents": nil,
				"structuredPatch": patch, "userModified": false}
		}
	case "Bash":
		return map[string]any{"stdout": strings.TrimRight(r.Stdout, "\n"), "stderr": strings.TrimRight(r.Stderr, "\n"),
			"interrupted": false, "isImage": false}
	}
	return text
}

// structuredPatch parses a unified diff's hunks; an empty list when there
// are none.
func structuredPatch(diff string) []claudeHunk {
	hunks := []claudeHunk{}
	for _, l := range strings.Split(diff, "\n") {
		if h, ok := hunkHeader(l); ok {
			hunks = append(hunks, h)
			continue
		}
		if len(hunks) == 0 || l == "" || !strings.ContainsRune(" -+", rune(l[0])) {
			continue
		}
		if strings.HasPrefix(l, "--- ") || strings.HasPrefix(l, "+++ ") {
			continue
		}
		h := &hunks[len(hunks)-1]
		h.Lines = append(h.Lines, l)
	}
	return hunks
}

// hunkHeader parses "@@ -a,b +c,d @@".
func hunkHeader(l string) (claudeHunk, bool) {
	rest, ok := strings.CutPrefix(l, "@@ -")
	if !ok {
		return claudeHunk{}, false
	}
	old, rest, ok := strings.Cut(rest, " +")
	if !ok {
		return claudeHunk{}, false
	}
	nw, _, ok := strings.Cut(rest, " @@")
	if !ok {
		return claudeHunk{}, false
	}
	var h claudeHunk
	h.OldStart, h.OldLines = hunkRange(old)
	h.NewStart, h.NewLines = hunkRange(nw)
	h.Lines = []string{}
	return h, true
}

// hunkRange parses "a,b" (b defaults to 1).
func hunkRange(s string) (int, int) {
	a, b, ok := strings.Cut(s, ",")
	start, _ := strconv.Atoi(a)
	n := 1
	if ok {
		n, _ = strconv.Atoi(b)
	}
	return start, n
}
