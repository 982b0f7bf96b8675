package protocol

import (
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// CapTimeout holds a program's own timeout_ms to the per-tool time limit.
// The call is copied: the logged call keeps what the model asked for.
func CapTimeout(call event.ToolCall, limit time.Duration) event.ToolCall {
	if a, ok := call.Args.(*ExecArgs); ok && time.Duration(a.TimeoutMS)*time.Millisecond > limit {
		capped := *a
		capped.TimeoutMS = int(limit.Milliseconds())
		call.Args = &capped
	}
	return call
}
