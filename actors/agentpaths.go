package actors

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
)

// agentPaths holds the paths of the running write sub-agents: a write
// sub-agent runs only when its paths overlap none of theirs; otherwise it
// waits until they are released.
type agentPaths struct {
	mu      sync.Mutex
	held    map[int][]string
	next    int
	changed chan struct{}
}

func newAgentPaths() *agentPaths {
	return &agentPaths{held: map[int][]string{}, changed: make(chan struct{})}
}

// acquire waits until paths overlap no held paths, then holds them; the
// returned function releases them.
func (a *agentPaths) acquire(ctx context.Context, paths []string) (func(), error) {
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

func (a *agentPaths) release(id int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	delete(a.held, id)
	close(a.changed)
	a.changed = make(chan struct{})
}

// overlaps reports whether any of paths is, holds or lies in a held path.
func (a *agentPaths) overlaps(paths []string) bool {
	for _, held := range a.held {
		for _, h := range held {
			for _, p := range paths {
				if pathOverlap(h, p) {
					return true
				}
			}
		}
	}
	return false
}

// pathOverlap reports whether root-relative paths a and b are the same or
// one lies inside the other.
func pathOverlap(a, b string) bool {
	if a == "." || b == "." || a == b {
		return true
	}
	sep := string(filepath.Separator)
	return strings.HasPrefix(a, b+sep) || strings.HasPrefix(b, a+sep)
}
