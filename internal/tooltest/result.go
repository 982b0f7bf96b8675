package tooltest

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/messages"
)

// Invoke builds an InvokeTool with typed arguments.
func Invoke(tool string, args any) messages.InvokeTool {
	return messages.InvokeTool{CallID: "call_test_" + strings.ReplaceAll(tool, ".", "_"), OpKey: "op-" + tool,
		Call: event.ToolCall{Name: tool, Args: args}}
}

// Decode unmarshals a result's Data.
func Decode[T any](t testing.TB, res event.ToolResult) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(res.Data, &v); err != nil {
		t.Fatalf("decode %s: %v", res.Data, err)
	}
	return v
}

// WantStatus fails unless res has the status.
func WantStatus(t testing.TB, res event.ToolResult, want event.ToolStatus) {
	t.Helper()
	if res.Status != want {
		t.Fatalf("status = %s, want %s; message %q; data %s; stderr %q", res.Status, want, res.Message, res.Data, res.Stderr)
	}
}

// ErrorCode returns a result's Data.error.
func ErrorCode(t testing.TB, res event.ToolResult) string {
	t.Helper()
	var v struct {
		Error string `json:"error"`
	}
	_ = json.Unmarshal(res.Data, &v)
	return v.Error
}
