package actors

import "testing"

// TestNextMove: the batch's progression, from its calls' state to the
// controller's next move, for the reads of a reply and a chain of changes.
func TestNextMove(t *testing.T) {
	var (
		pending  = batchCall{}
		running  = batchCall{started: true}
		ok       = batchCall{result: true, ok: true, started: true}
		failed   = batchCall{result: true, started: true}
		okSnap   = batchCall{result: true, ok: true, started: true, afterDue: true}
		failSnap = batchCall{result: true, started: true, afterDue: true}
	)
	cases := []struct {
		name  string
		calls []batchCall
		chain []int
		move  batchMove
		k     int
	}{
		{"one read running", []batchCall{running}, nil, moveWait, -1},
		{"one read done", []batchCall{ok}, nil, moveSend, -1},
		{"a failed read is still sent", []batchCall{ok, failed}, nil, moveSend, -1},
		{"a change waits for the reads", []batchCall{ok, running, pending}, []int{2}, moveWait, -1},
		{"the reads done: check the change", []batchCall{ok, ok, pending}, []int{2}, moveCheck, 0},
		{"a one-call reply's change is checked", []batchCall{pending}, []int{0}, moveCheck, 0},
		{"the change being decided or run", []batchCall{ok, running}, []int{1}, moveWait, 0},
		{"the change done: its snapshot after", []batchCall{ok, okSnap}, []int{1}, moveAfter, 0},
		{"the snapshot taken: send", []batchCall{ok, ok}, []int{1}, moveSend, -1},
		{"the next change after the snapshot", []batchCall{ok, ok, pending, pending}, []int{1, 2, 3}, moveCheck, 1},
		{"the first change's snapshot before the next", []batchCall{ok, okSnap, pending}, []int{1, 2}, moveAfter, 0},
		{"a failed change still gets its snapshot", []batchCall{failSnap, pending}, []int{0, 1}, moveAfter, 0},
		{"a failed change ends the chain", []batchCall{ok, failed, pending, pending}, []int{1, 2, 3}, moveSend, 0},
		{"the last change failed", []batchCall{ok, ok, failed}, []int{1, 2}, moveSend, 1},
		{"every change done", []batchCall{ok, ok, ok}, []int{1, 2}, moveSend, -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			move, k := nextMove(c.calls, c.chain)
			if move != c.move || k != c.k {
				t.Fatalf("nextMove = %d at %d, want %d at %d", move, k, c.move, c.k)
			}
		})
	}
}
