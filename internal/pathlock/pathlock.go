package pathlock

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
)

// Locks holds sets of project paths (the paths of the running write
// sub-agents): a set is granted only when it overlaps none held; otherwise
// its holder waits until they are released.
type Locks struct {
	mu      sync.Mutex
	held    map[int][]string
	next    int
	changed chan struct{}
}

// New returns Locks that hold no paths.
func New() *Locks {
	return &Locks{held: map[int][]string{}, changed: make(chan struct{})}
}

// Acquire waits until paths overlap no held paths, then holds them; the
// returned function releases them.
func (a *Locks) Acquire(ctx context.Context, paths []string) (func(), error) {
	for {
		a.mu.Lock()
		if !a.overlaps(paths) {
			id := a.next
			a.next++
			a.held[id] = paths
			a.mu.Unlock()
			return func() { a.release(id) }, nil
		}
		wait := a.changed
		a.mu.Unlock()
		select {
		case <-wait:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

func (a *Locks) release(id int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	delete(a.held, id)
	close(a.changed)
	a.changed = make(chan struct{})
}

// overlaps reports whether any of paths is, holds or lies in a held path.
func (a *Locks) overlaps(paths []string) bool {
	for _, held := range a.held {
		for _, h := range held {
			for _, p := range paths {
				if Overlap(h, p) {
					return true
				}
			}
		}
	}
	return false
}

// Overlap reports whether root-relative paths a and b are the same or
// one lies inside the other.
func Overlap(a, b string) bool {
	if a == "." || b == "." || a == b {
		return true
	}
	sep := string(filepath.Separator)
	return strings.HasPrefix(a, b+sep) || strings.HasPrefix(b, a+sep)
}
