package protocol

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/wtagent/wtagent/session/event"
)

// TestPlanBatchAgentRun: an agent.run in mode read (given or by default)
// is a read, run at once with the other reads; one in mode write is a
// change.
func TestPlanBatchAgentRun(t *testing.T) {
	cat := DefaultCatalogue().With(AgentRunSpec())
	if err := cat.Validate(); err != nil {
		t.Fatal(err)
	}
	agent := func(args string) *event.ToolCall {
		return &event.ToolCall{Name: ToolAgentRun, CanonicalArgs: json.RawMessage(args)}
	}
	calls := []*event.ToolCall{
		agent(`{"task":"a"}`),
		agent(`{"mode":"read","task":"b"}`),
		{Name: ToolFSRead, CanonicalArgs: json.RawMessage(`{"path":"x"}`)},
		agent(`{"mode":"write","paths":["d"],"task":"c"}`),
		agent(`{"task":"d"}`),
	}
	b := PlanBatch(calls, cat)
	if !reflect.DeepEqual(b.Concurrent, []int{0, 1, 2}) || b.Change != 3 || len(b.Skipped) != 1 || b.Skipped[0].Index != 4 {
		t.Fatalf("plan %+v", b)
	}
	typed := &event.ToolCall{Name: ToolAgentRun, Args: &AgentRunArgs{Task: "t"}}
	if !CallReadOnly(typed, cat) {
		t.Fatal("typed agent.run without a mode is not a read")
	}
	if CallReadOnly(agent(`{"task":"a"}`), DefaultCatalogue()) {
		t.Fatal("agent.run outside the catalogue counts as a read")
	}
	if got := cat.Without(ToolAgentRun).Names(); !reflect.DeepEqual(got, DefaultCatalogue().Names()) {
		t.Fatalf("Without(agent.run) = %v", got)
	}
}
