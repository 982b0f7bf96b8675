package fifo

import (
	"sync"
	"testing"
)

func TestOrderAndClose(t *testing.T) {
	q := New[int](10)
	for i := 0; i < 100; i++ {
		if !q.Push(i, false) {
			t.Fatalf("push %d refused", i)
		}
	}
	q.Close()
	if q.Push(100, false) {
		t.Fatal("push after close accepted")
	}
	for i := 0; i < 100; i++ {
		v, _, ok := q.Pop()
		if !ok || v != i {
			t.Fatalf("pop %d = %d, %v", i, v, ok)
		}
	}
	if _, _, ok := q.Pop(); ok {
		t.Fatal("pop from a closed, empty queue succeeded")
	}
}

func TestDroppableCap(t *testing.T) {
	q := New[int](3)
	for i := 0; i < 10; i++ {
		q.Push(i, true)
	}
	if !q.Push(99, false) {
		t.Fatal("a non-droppable item was refused at the cap")
	}
	if q.Len() != 4 {
		t.Fatalf("len = %d, want 3 droppable + 1 kept", q.Len())
	}
	v, dropped, _ := q.Pop()
	if v != 0 || dropped != 7 {
		t.Fatalf("first pop = %d (dropped %d), want 0 with 7 dropped", v, dropped)
	}
	// Room again after a pop.
	if !q.Push(5, true) {
		t.Fatal("droppable refused after room was made")
	}
}

func TestPopWaits(t *testing.T) {
	q := New[string](1)
	var wg sync.WaitGroup
	wg.Add(1)
	var got string
	go func() {
		defer wg.Done()
		got, _, _ = q.Pop()
	}()
	q.Push("x", false)
	wg.Wait()
	if got != "x" {
		t.Fatalf("got %q", got)
	}
}
