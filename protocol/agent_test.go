package protocol

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/wtagent/wtagent/session/event"
)

// TestPlanBatchAgentRun: an agent.run in mode read (given or by default)
// is a read; one in mode write is no read but runs at once with the reads
// and the other sub-agents (the runtime keeps overlapping paths apart);
// the first other change ends the concurrent part.
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
		{Name: ToolFSWrite, CanonicalArgs: json.RawMessage(`{"path":"x","content":"y"}`)},
		agent(`{"task":"e"}`),
	}
	b := PlanBatch(calls, cat)
	if !reflect.DeepEqual(b.Concurrent, []int{0, 1, 2, 3, 4}) || b.Change != 5 || len(b.Skipped) != 1 || b.Skipped[0].Index != 6 {
		t.Fatalf("plan %+v", b)
	}
	if CallReadOnly(calls[3], cat) {
		t.Fatal("a write agent.run counts as a read")
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

// TestAgentRunSummary: the live view names a sub-agent by its task (and,
// for a write one, its paths).
func TestAgentRunSummary(t *testing.T) {
	for _, tc := range []struct{ args, want string }{
		{`{"mode":"read","task":"read  the\nui package"}`, "read the ui package"},
		{`{"mode":"write","paths":["src","docs/a.md"],"task":"fix it"}`, "write src, docs/a.md: fix it"},
		{`{"mode":"read","task":"a b c d e f g h i j k l m n"}`, "a b c d e f g h i j k l …"},
	} {
		if got := Summary(event.ToolCall{Name: ToolAgentRun, CanonicalArgs: json.RawMessage(tc.args)}); got != tc.want {
			t.Errorf("Summary(%s) = %q, want %q", tc.args, got, tc.want)
		}
	}
}
