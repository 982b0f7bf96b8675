package protocol

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"
)

func TestWithMaxCalls(t *testing.T) {
	cat := DefaultCatalogue()
	if cat.MaxCalls() != 1 {
		t.Fatalf("default catalogue allows %d calls per reply", cat.MaxCalls())
	}
	for _, n := range []int{0, -1, MaxCallsLimit + 1} {
		if _, err := cat.WithMaxCalls(n); !errors.Is(err, ErrMaxCalls) {
			t.Errorf("WithMaxCalls(%d) = %v, want ErrMaxCalls", n, err)
		}
	}
	for n := 1; n <= MaxCallsLimit; n++ {
		c, err := cat.WithMaxCalls(n)
		if err != nil || c.MaxCalls() != n {
			t.Fatalf("WithMaxCalls(%d) = %v, %v", n, c, err)
		}
		if !reflect.DeepEqual(c.Names(), cat.Names()) {
			t.Fatal("WithMaxCalls changed the tools")
		}
	}
	if cat.MaxCalls() != 1 {
		t.Fatal("WithMaxCalls changed its receiver")
	}
}

// TestSideEffectsAreTheChangers: the catalogue's per-tool property is what
// the issue lists as side-effecting, and nothing else.
func TestSideEffectsAreTheChangers(t *testing.T) {
	want := []string{ToolFSWrite, ToolFSEdit, ToolFSPatch, ToolTerminalExec, ToolProcessStart, ToolProcessStop}
	if got := DefaultCatalogue().Changers(); !reflect.DeepEqual(got, want) {
		t.Fatalf("Changers() = %v, want %v", got, want)
	}
}

func TestPlanBatch(t *testing.T) {
	const r, w = ToolFSRead, ToolFSWrite
	cases := []struct {
		name       string
		tools      []string
		concurrent []int
		change     int
		skipped    []int
	}{
		{"none", nil, nil, -1, nil},
		{"one read", []string{r}, []int{0}, -1, nil},
		{"one change", []string{w}, nil, 0, nil},
		{"reads only", []string{r, ToolFSSearch, ToolFSList, ToolProcessRead}, []int{0, 1, 2, 3}, -1, nil},
		{"reads then change", []string{r, r, ToolTerminalExec}, []int{0, 1}, 2, nil},
		{"change first", []string{ToolFSEdit, r, r}, nil, 0, []int{1, 2}},
		{"two changes", []string{r, w, ToolProcessStop, r}, []int{0}, 1, []int{2, 3}},
		{"unknown tool counts as a change", []string{r, "no.such", r}, []int{0}, 1, []int{2}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			calls := make([]*event.ToolCall, len(c.tools))
			for i, name := range c.tools {
				calls[i] = &event.ToolCall{Name: name}
			}
			b := PlanBatch(calls, nil)
			var skipped []int
			for _, s := range b.Skipped {
				skipped = append(skipped, s.Index)
				if !strings.Contains(s.Reason, calls[b.Change].Name) || !strings.Contains(s.Reason, "Not run") {
					t.Errorf("reason %q does not name the change", s.Reason)
				}
			}
			if !reflect.DeepEqual(b.Concurrent, c.concurrent) || b.Change != c.change || !reflect.DeepEqual(skipped, c.skipped) {
				t.Fatalf("plan %+v, want concurrent %v change %d skipped %v", b, c.concurrent, c.change, c.skipped)
			}
			checkPlan(t, calls, DefaultCatalogue())
		})
	}
}

// checkPlan checks PlanBatch's invariants for any calls: every call is in
// exactly one part, in order; the concurrent ones have no side effects;
// the change is the first call that has.
func checkPlan(t *testing.T, calls []*event.ToolCall, cat *Catalogue) {
	t.Helper()
	b := PlanBatch(calls, cat)
	var order []int
	order = append(order, b.Concurrent...)
	if b.Change >= 0 {
		order = append(order, b.Change)
	}
	for _, s := range b.Skipped {
		order = append(order, s.Index)
		if s.Reason == "" {
			t.Fatal("a skip without a reason")
		}
	}
	for i := range calls {
		if i >= len(order) || order[i] != i {
			t.Fatalf("plan %+v does not cover calls 0..%d in order", b, len(calls)-1)
		}
	}
	if len(order) != len(calls) {
		t.Fatalf("plan %+v has %d entries for %d calls", b, len(order), len(calls))
	}
	for _, i := range b.Concurrent {
		if !CallConcurrent(calls[i], cat) {
			t.Fatalf("call %d (%s) has side effects but runs concurrently", i, calls[i].Name)
		}
	}
	if b.Change >= 0 && CallConcurrent(calls[b.Change], cat) {
		t.Fatalf("call %d (%s) is the change but has no side effects", b.Change, calls[b.Change].Name)
	}
	if b.Change < 0 && len(b.Skipped) > 0 {
		t.Fatal("calls skipped without a change")
	}
}

func TestSkippedResult(t *testing.T) {
	r := SkippedResult(&event.ToolCall{Name: ToolFSRead}, "Not run: because.")
	if r.Tool != ToolFSRead || r.Status != event.ToolSkipped || r.Message != "Not run: because." {
		t.Fatalf("%+v", r)
	}
}

// TestPatchSummary: a patch call is shown by its files and actions.
func TestPatchSummary(t *testing.T) {
	patch := "*** Begin Patch\n*** Add File: a\n+x\n*** Update File: b\n@@\n-x\n+y\n*** Update File: c\n*** Move to: d\n" +
		"*** Delete File: e\n*** Add File: f\n*** End Patch"
	args, _ := json.Marshal(FSPatchArgs{Patch: patch})
	if got, want := Summary(event.ToolCall{Name: ToolFSPatch, CanonicalArgs: args}), "A a, M b, R c → d, D e, … (5 files)"; got != want {
		t.Errorf("Summary = %q, want %q", got, want)
	}
	args, _ = json.Marshal(FSPatchArgs{Patch: "nonsense"})
	if got := Summary(event.ToolCall{Name: ToolFSPatch, CanonicalArgs: args}); got != "(a patch that does not parse)" {
		t.Errorf("Summary of a bad patch = %q", got)
	}
}

// TestPlanBatchChains: with chains, every call from the first change on
// runs in order; without, the calls after the change are skipped.
func TestPlanBatchChains(t *testing.T) {
	cat8, err := DefaultCatalogue().WithMaxCalls(MaxCallsLimit)
	if err != nil {
		t.Fatal(err)
	}
	calls := []*event.ToolCall{{Name: ToolFSRead}, {Name: ToolFSList}, {Name: ToolFSPatch}, {Name: ToolFSRead}, {Name: ToolTerminalExec}}
	got := PlanBatch(calls, cat8.WithChain(true))
	if !reflect.DeepEqual(got.Concurrent, []int{0, 1}) || got.Change != 2 || !reflect.DeepEqual(got.Chain, []int{2, 3, 4}) || len(got.Skipped) != 0 {
		t.Errorf("chain plan = %+v", got)
	}
	got = PlanBatch(calls, cat8)
	if got.Change != 2 || !reflect.DeepEqual(got.Chain, []int{2}) || len(got.Skipped) != 2 {
		t.Errorf("issue 26 plan = %+v", got)
	}
	for status, says := range map[event.ToolStatus]string{event.ToolError: "failed", event.ToolDenied: "was denied",
		event.ToolTimeout: "timed out", event.ToolUnknown: "has an unknown outcome"} {
		if r := ChainSkipReason(1, ToolTerminalExec, status); !strings.Contains(r, "<tool_call> 2 (terminal.exec) before it "+says) {
			t.Errorf("ChainSkipReason(%s) = %q", status, r)
		}
	}
}
