package subagent

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"
)

func TestResultToolResult(t *testing.T) {
	tests := []struct {
		name    string
		res     Result
		status  event.ToolStatus
		message string
	}{
		{"completed", Result{Agent: "sub-agent 1", Outcome: event.OutcomeCompleted, Summary: "read three files", Changed: []string{"a.go"}},
			event.ToolOK, "read three files"},
		{"failed", Result{Agent: "sub-agent 2", Outcome: event.OutcomeFailed, Reason: "turn limit", Summary: "half done"},
			event.ToolError, "sub-agent 2: the sub-agent did not finish (failed): turn limit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.res.ToolResult()
			if got.Status != tt.status || got.Message != tt.message {
				t.Fatalf("ToolResult() = %s %q, want %s %q", got.Status, got.Message, tt.status, tt.message)
			}
			var back Result
			if err := json.Unmarshal(got.Data, &back); err != nil || back.Agent != tt.res.Agent || back.Summary != tt.res.Summary {
				t.Fatalf("data %s does not hold the result (%v)", got.Data, err)
			}
			if strings.Join(got.Changed, ",") != strings.Join(tt.res.Changed, ",") {
				t.Fatalf("changed %v, want %v", got.Changed, tt.res.Changed)
			}
		})
	}
}
