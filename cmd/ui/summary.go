package ui

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/wtagent/wtagent/messages"
)

// CallSummary is a one-line description of a tool call's arguments, e.g.
// "npm run build" or "src/index.html".
func CallSummary(call messages.ToolCall) string {
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
	}
	return str("path")
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

// decode unmarshals an event payload, ignoring malformed payloads (the
// renderer shows what it can).
func decode[T any](ev messages.Event) T {
	var v T
	_ = json.Unmarshal(ev.Payload, &v)
	return v
}

// humanBytes formats n bytes compactly.
func humanBytes(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
