package lineedit

import (
	"strings"
	"sync"
)

// DefaultHistorySize is the number of entries a history keeps when it is
// given a size of zero or less.
const DefaultHistorySize = 1000

// History is the list of submitted lines that ↑/↓ browse.
type History interface {
	// Add appends a submitted line. Implementations skip a line equal to
	// the newest entry.
	Add(line string)
	// Len returns the number of entries.
	Len() int
	// At returns entry i, where At(0) is the newest; "" when i is out of
	// range.
	At(i int) string
}

// entries is a bounded list of history entries, oldest first.
type entries struct {
	list []string
	max  int
}

func newEntries(max int) entries {
	if max <= 0 {
		max = DefaultHistorySize
	}
	return entries{max: max}
}

// add appends line unless it is blank or repeats the newest entry, and
// reports whether it did.
func (e *entries) add(line string) bool {
	if strings.TrimSpace(line) == "" {
		return false
	}
	if n := len(e.list); n > 0 && e.list[n-1] == line {
		return false
	}
	if len(e.list) >= 2*e.max {
		e.list = append(e.list[:0], e.list[len(e.list)-e.max+1:]...)
	}
	e.list = append(e.list, line)
	return true
}

func (e *entries) len() int { return min(len(e.list), e.max) }

func (e *entries) at(i int) string {
	if i < 0 || i >= e.len() {
		return ""
	}
	return e.list[len(e.list)-1-i]
}

// MemoryHistory is a History kept in memory only. It is safe for
// concurrent use.
type MemoryHistory struct {
	mu sync.Mutex
	e  entries
}

// NewMemoryHistory returns an empty history of at most max entries
// (DefaultHistorySize when max <= 0).
func NewMemoryHistory(max int) *MemoryHistory {
	return &MemoryHistory{e: newEntries(max)}
}

// Add appends line; blank lines and repeats of the newest entry are
// skipped.
func (h *MemoryHistory) Add(line string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.e.add(line)
}

// Len returns the number of entries.
func (h *MemoryHistory) Len() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.e.len()
}

// At returns entry i (0 is the newest), or "" when out of range.
func (h *MemoryHistory) At(i int) string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.e.at(i)
}
