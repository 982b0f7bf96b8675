package toolactors

import (
	"bytes"
	"testing"
)

func TestOutputRing(t *testing.T) {
	r := newOutputRing(8)
	r.write([]byte("abc"))
	if d, from, lost := r.since(0); string(d) != "abc" || from != 0 || lost != 0 {
		t.Fatalf("since 0: %q %d %d", d, from, lost)
	}
	r.write([]byte("defghij")) // 10 bytes written, ring keeps 8
	if d, from, lost := r.since(0); string(d) != "cdefghij" || from != 2 || lost != 2 {
		t.Fatalf("wrapped: %q %d %d", d, from, lost)
	}
	if d, _, _ := r.since(7); string(d) != "hij" {
		t.Fatalf("since 7: %q", d)
	}
	r.write(bytes.Repeat([]byte("x"), 20))
	if d, from, lost := r.since(3); len(d) != 8 || from != 22 || lost != 19 || r.end != 30 {
		t.Fatalf("huge write: %q %d %d end %d", d, from, lost, r.end)
	}
	if d, from, _ := r.since(100); len(d) != 0 || from != 30 {
		t.Fatalf("past end: %q %d", d, from)
	}
}
