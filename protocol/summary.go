package protocol

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/wtagent/wtagent/protocol/applypatch"
	"github.com/wtagent/wtagent/session/event"
)

// Summary is a one-line description of a tool call's arguments, e.g.
// "npm run build" or "src/index.html".
func Summary(call event.ToolCall) string {
	var a map[string]any
	if err := json.Unmarshal(call.CanonicalArgs, &a); err != nil {
		return ""
	}
	str := func(k string) string { s, _ := a[k].(string); return s }
	switch call.Name {
	case "terminal.exec", "process.start":
		words := []string{str("program")}
		if argv, ok := a["argv"].([]any); ok {
			for _, w := range argv {
				s, _ := w.(string)
				words = append(words, shellWord(s))
			}
		}
		s := strings.Join(words, " ")
		if cwd := str("cwd"); cwd != "" && cwd != "." {
			s += "  (in " + cwd + ")"
		}
		return s
	case "fs.search":
		s := fmt.Sprintf("%q", str("pattern"))
		if p := str("path"); p != "" && p != "." {
			s += " in " + p
		}
		if g := str("glob"); g != "" {
			s += " (" + g + ")"
		}
		return s
	case "process.read", "process.stop":
		return str("process_id")
	case "fs.write":
		return fmt.Sprintf("%s (%d bytes)", str("path"), len(str("content")))
	case ToolFSPatch:
		return patchSummary(str("patch"))
	case ToolAgentRun:
		return agentSummary(str("task"), str("mode"), a["paths"])
	}
	return str("path")
}

// patchSummary lists a patch's files with a letter for each action (A
// add, M update, R move, D delete), at most four, and their number.
func patchSummary(text string) string {
	p, err := applypatch.Parse(text)
	if err != nil {
		return "(a patch that does not parse)"
	}
	var parts []string
	for i, f := range p.Files {
		if i == 4 {
			parts = append(parts, "…")
			break
		}
		switch {
		case f.Action == applypatch.Add:
			parts = append(parts, "A "+f.Path)
		case f.Action == applypatch.Delete:
			parts = append(parts, "D "+f.Path)
		case f.MoveTo != "":
			parts = append(parts, "R "+f.Path+" → "+f.MoveTo)
		default:
			parts = append(parts, "M "+f.Path)
		}
	}
	return fmt.Sprintf("%s (%d files)", strings.Join(parts, ", "), len(p.Files))
}

// shellWord quotes a word when a shell would split it.
func shellWord(s string) string {
	if s == "" {
		return "''"
	}
	if strings.ContainsAny(s, " \t\n'\"\\$`*?[]{}()<>|&;#~") {
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	return s
}
