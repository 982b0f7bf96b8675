package export

import (
	"fmt"
	"strings"

	"github.com/wtagent/wtagent/session/event"
)

// resultText renders a tool result as the plain text both exports carry
// as the call's output: status, message, exit, streams, changes, data.
func resultText(r event.ToolResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "status: %s\n", r.Status)
	if r.Message != "" {
		b.WriteString(strings.TrimRight(r.Message, "\n") + "\n")
	}
	if r.ExitCode != nil {
		fmt.Fprintf(&b, "exit_code: %d\n", *r.ExitCode)
	}
	if r.Signal != "" {
		fmt.Fprintf(&b, "signal: %s\n", r.Signal)
	}
	stream(&b, "stdout", r.Stdout, r.StdoutCut)
	stream(&b, "stderr", r.Stderr, r.StderrCut)
	if len(r.Changed) > 0 {
		fmt.Fprintf(&b, "changed: %s\n", strings.Join(r.Changed, ", "))
	}
	if len(r.Data) > 0 && string(r.Data) != "null" {
		fmt.Fprintf(&b, "data: %s\n", r.Data)
	}
	if r.Diff != "" {
		b.WriteString("diff:\n" + strings.TrimRight(r.Diff, "\n") + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// stream writes one output stream with its truncation note.
func stream(b *strings.Builder, name, text string, cut *event.Truncation) {
	if text == "" && cut == nil {
		return
	}
	b.WriteString(name + ":\n")
	if text != "" {
		b.WriteString(strings.TrimRight(text, "\n") + "\n")
	}
	if cut != nil {
		fmt.Fprintf(b, "[%s truncated: %d of %d bytes shown]\n", name, cut.KeptBytes, cut.OriginalBytes)
	}
}
