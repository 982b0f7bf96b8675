// Package fifo is an unbounded first-in first-out queue whose Push never
// blocks, for handing work from an actor to the goroutine it owns. Items
// marked droppable (live output, progress) are refused once a cap of them is
// waiting, so a flood cannot grow memory without bound; other items are
// never dropped.
package fifo

import "sync"

// Queue is a FIFO of T. Its zero value is not usable; call New.
type Queue[T any] struct {
	mu        sync.Mutex
	cond      *sync.Cond
	items     []entry[T]
	droppable int
	maxDrop   int
	dropped   int
	closed    bool
}

type entry[T any] struct {
	v    T
	drop bool
}

// New returns a queue that holds at most maxDroppable droppable items.
func New[T any](maxDroppable int) *Queue[T] {
	q := &Queue[T]{maxDrop: maxDroppable}
	q.cond = sync.NewCond(&q.mu)
	return q
}

// Push appends v. A droppable v is refused (and counted) when the cap of
// droppable items is reached, or when the queue is closed; Push reports
// whether v was queued.
func (q *Queue[T]) Push(v T, droppable bool) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return false
	}
	if droppable {
		if q.droppable >= q.maxDrop {
			q.dropped++
			return false
		}
		q.droppable++
	}
	q.items = append(q.items, entry[T]{v: v, drop: droppable})
	q.cond.Signal()
	return true
}

// Pop waits for the next item. dropped counts the droppable items refused
// since the previous Pop. ok is false once the queue is closed and empty.
func (q *Queue[T]) Pop() (v T, dropped int, ok bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 && !q.closed {
		q.cond.Wait()
	}
	if len(q.items) == 0 {
		return v, 0, false
	}
	e := q.items[0]
	q.items[0] = entry[T]{}
	q.items = q.items[1:]
	if e.drop {
		q.droppable--
	}
	dropped, q.dropped = q.dropped, 0
	return e.v, dropped, true
}

// Close refuses new items; Pop drains what is queued, then reports !ok.
func (q *Queue[T]) Close() {
	q.mu.Lock()
	q.closed = true
	q.cond.Broadcast()
	q.mu.Unlock()
}

// Len is the number of queued items.
func (q *Queue[T]) Len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.items)
}
