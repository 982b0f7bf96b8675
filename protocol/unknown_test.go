package protocol

import (
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"
)

// TestUnknownResult: a call whose result never came is sent back as
// unknown, saying it was not run again, why, and what to check; its
// <tool_result> says so too.
func TestUnknownResult(t *testing.T) {
	call := &event.ToolCall{Name: ToolTerminalExec}
	res := UnknownResult(call, "wtagent stopped while it ran")
	if res.Tool != ToolTerminalExec || res.Status != event.ToolUnknown ||
		!strings.Contains(res.Message, "unknown (wtagent stopped while it ran). It was not run again.") ||
		!strings.Contains(res.Message, "project.status") {
		t.Fatalf("UnknownResult = %+v", res)
	}
	if out := FormatToolResult(res); !strings.Contains(out, `status="unknown"`) || !strings.Contains(out, "not run again") {
		t.Fatalf("FormatToolResult = %s", out)
	}
}
