package session

import (
	"context"
	"errors"
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
		rows, err := Rows(t.Context(), h, 0)
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
	if err := RemoveStopped(t.Context(), h, []string{idle, "20260101-000000-00000000"}, func(string) { t.Error("removed one") }); err == nil ||
		!strings.Contains(err.Error(), "no session 20260101-000000-00000000") {
		t.Fatalf("unknown id: %v", err)
	}
	if err := RemoveStopped(t.Context(), h, []string{running}, func(string) {}); err == nil || !strings.Contains(err.Error(), "is running") {
		t.Fatalf("running session: %v", err)
	}
	var pruned []string
	if n, err := Prune(t.Context(), h, time.Now(), time.Hour, true, func(id string) { pruned = append(pruned, id) }); err != nil || n != 1 ||
		!slices.Equal(pruned, []string{idle}) || !slices.Equal(ids(), before) {
		t.Fatalf("dry run: %d %v %v, sessions %v", n, pruned, err, ids())
	}
	pruned = nil
	if n, err := Prune(t.Context(), h, time.Now(), time.Hour, false, func(id string) { pruned = append(pruned, id) }); err != nil || n != 1 ||
		!slices.Equal(pruned, []string{idle}) || !slices.Equal(ids(), []string{running + "=running"}) {
		t.Fatalf("prune: %d %v %v, sessions %v", n, pruned, err, ids())
	}
}

// TestListingsStopWhenTheContextEnds: Rows, Prune and RemoveStopped give
// ctx's error once it has ended, and remove nothing.
func TestListingsStopWhenTheContextEnds(t *testing.T) {
	h, err := NewHome(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	s, err := Create(h, Meta{Root: t.TempDir(), Task: "x"})
	if err != nil {
		t.Fatal(err)
	}
	id := s.ID()
	s.Close()
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := Rows(ctx, h, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("Rows: %v", err)
	}
	if _, err := Prune(ctx, h, time.Now(), 0, false, func(string) {}); !errors.Is(err, context.Canceled) {
		t.Errorf("Prune: %v", err)
	}
	if err := RemoveStopped(ctx, h, []string{id}, func(string) {}); !errors.Is(err, context.Canceled) {
		t.Errorf("RemoveStopped: %v", err)
	}
	if list, err := List(h); err != nil || len(list) != 1 {
		t.Fatalf("after the cancelled calls: %d sessions, %v", len(list), err)
	}
}
