package actors

import (
	"context"
	"testing"

	"github.com/wtagent/wtagent/messages"
)

// recordingApprover keeps the requests it is asked.
type recordingApprover struct{ asked []messages.ApprovalRequest }

func (r *recordingApprover) Ask(_ context.Context, req messages.ApprovalRequest) (messages.ApprovalAnswer, error) {
	r.asked = append(r.asked, req)
	return messages.ApprovalAnswer{CallID: req.CallID, By: "user"}, nil
}

// TestNamedApprover: a sub-agent's approvals are asked of the main
// session's approver, naming the sub-agent.
func TestNamedApprover(t *testing.T) {
	inner := &recordingApprover{}
	a := namedApprover{name: "sub-agent 2", inner: inner}
	if _, err := a.Ask(context.Background(), messages.ApprovalRequest{CallID: "c1", Reason: "runs rm"}); err != nil {
		t.Fatal(err)
	}
	if len(inner.asked) != 1 || inner.asked[0].Reason != "sub-agent 2: runs rm" {
		t.Fatalf("asked %+v", inner.asked)
	}
}

// TestAgentPathsOverlap: write sub-agents wait only for overlapping paths.
func TestAgentPathsOverlap(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"src", "src", true}, {"src", "src/a.go", true}, {"src/a.go", "src", true}, {".", "docs", true},
		{"src", "srcx", false}, {"src/a.go", "src/b.go", false}, {"docs", "src", false},
	} {
		if got := pathOverlap(tc.a, tc.b); got != tc.want {
			t.Errorf("pathOverlap(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
	p := newAgentPaths()
	release, err := p.acquire(context.Background(), []string{"src"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.acquire(context.Background(), []string{"docs"}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.acquire(ctx, []string{"src/a.go"}); err == nil {
		t.Fatal("an overlapping path was granted while src is held")
	}
	release()
	if _, err := p.acquire(context.Background(), []string{"src/a.go"}); err != nil {
		t.Fatalf("after the release: %v", err)
	}
}
