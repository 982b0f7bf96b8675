package pathlock

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
)

// TestOverlap: a path overlaps itself, what lies in it and what holds it;
// "." holds everything.
func TestOverlap(t *testing.T) {
	sep := string(filepath.Separator)
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"src", "src", true}, {"src", "src" + sep + "a.go", true}, {"src" + sep + "a.go", "src", true}, {".", "docs", true},
		{"src", "srcx", false}, {"src" + sep + "a.go", "src" + sep + "b.go", false}, {"docs", "src", false},
	} {
		if got := Overlap(tc.a, tc.b); got != tc.want {
			t.Errorf("Overlap(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestAcquire: write sub-agents wait only for overlapping paths, and a
// release lets a waiting one in.
func TestAcquire(t *testing.T) {
	p := New()
	release, err := p.Acquire(context.Background(), []string{"src"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Acquire(context.Background(), []string{"docs"}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.Acquire(ctx, []string{"src" + string(filepath.Separator) + "a.go"}); !errors.Is(err, context.Canceled) {
		t.Fatalf("an overlapping path while src is held: %v, want context.Canceled", err)
	}
	granted := make(chan error, 1)
	go func() {
		_, err := p.Acquire(context.Background(), []string{"src"})
		granted <- err
	}()
	release()
	if err := <-granted; err != nil {
		t.Fatalf("after the release: %v", err)
	}
}
