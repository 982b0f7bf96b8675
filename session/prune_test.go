package session

import (
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestPruneAndRemoveStopped: a session that never got to a turn is pruned
// (only listed in a dry run); a running one (its process is this test) is
// never pruned and refuses removal; an unknown id removes nothing.
func TestPruneAndRemoveStopped(t *testing.T) {
	h, err := NewHome(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := h.EnsureLayout(); err != nil {
		t.Fatal(err)
	}
	create := func(pid int) string {
		s, err := Create(h, Meta{Root: t.TempDir(), Task: "x", PID: pid})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		return s.ID()
	}
	idle, running := create(0), create(os.Getpid())
	ids := func() []string {
		rows, err := Rows(h, 0)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, r := range rows {
			out = append(out, r.ID+"="+r.State)
		}
		slices.Sort(out)
		return out
	}
	before := ids()
	if err := RemoveStopped(h, []string{idle, "20260101-000000-00000000"}, func(string) { t.Error("removed one") }); err == nil ||
		!strings.Contains(err.Error(), "no session 20260101-000000-00000000") {
		t.Fatalf("unknown id: %v", err)
	}
	if err := RemoveStopped(h, []string{running}, func(string) {}); err == nil || !strings.Contains(err.Error(), "is running") {
		t.Fatalf("running session: %v", err)
	}
	var pruned []string
	if n, err := Prune(h, time.Now(), time.Hour, true, func(id string) { pruned = append(pruned, id) }); err != nil || n != 1 ||
		!slices.Equal(pruned, []string{idle}) || !slices.Equal(ids(), before) {
		t.Fatalf("dry run: %d %v %v, sessions %v", n, pruned, err, ids())
	}
	pruned = nil
	if n, err := Prune(h, time.Now(), time.Hour, false, func(id string) { pruned = append(pruned, id) }); err != nil || n != 1 ||
		!slices.Equal(pruned, []string{idle}) || !slices.Equal(ids(), []string{running + "=running"}) {
		t.Fatalf("prune: %d %v %v, sessions %v", n, pruned, err, ids())
	}
}
