package protocol

import (
	"encoding/json"
	"fmt"

	"github.com/wtagent/wtagent/session/event"
)

// CapResult shortens a result's large fields so that it stays near limit
// bytes, keeping the head and tail of each and saying so (a limit of 0 or
// less keeps it whole).
func CapResult(res event.ToolResult, limit int) event.ToolResult {
	size := len(res.Message) + len(res.Stdout) + len(res.Stderr) + len(res.Data) + len(res.Diff)
	if limit <= 0 || size <= limit {
		return res
	}
	share := limit / 4
	cut := func(s string) string {
		if len(s) <= share {
			return s
		}
		h := share / 2
		return s[:h] + fmt.Sprintf("\n[… %d bytes cut by wtagent's output limit …]\n", len(s)-2*h) + s[len(s)-h:]
	}
	res.Message, res.Stdout, res.Stderr, res.Diff = cut(res.Message), cut(res.Stdout), cut(res.Stderr), cut(res.Diff)
	if len(res.Data) > share {
		b, _ := json.Marshal(map[string]string{"truncated": cut(string(res.Data))})
		res.Data = b
	}
	return res
}
