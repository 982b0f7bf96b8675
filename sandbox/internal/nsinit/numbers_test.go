package nsinit

import (
	"strconv"
	"testing"
)

// TestNumbers: the init's own decimal numbers agree with strconv's.
func TestNumbers(t *testing.T) {
	for _, n := range []int{0, 7, 10, 65534, 4294967294, -1} {
		if got, want := itoa(n), strconv.Itoa(n); got != want {
			t.Errorf("itoa(%d) = %q", n, got)
		} else if back, ok := atoi(want); ok != (n >= 0) || ok && back != n {
			t.Errorf("atoi(%q) = %d, %v", want, back, ok)
		}
	}
	if got := utoa(1<<64 - 1); got != strconv.FormatUint(1<<64-1, 10) {
		t.Errorf("utoa(max) = %q", got)
	}
	for _, bad := range []string{"", "two", "1x", "+1", "12345678901"} {
		if n, ok := atoi(bad); ok {
			t.Errorf("atoi(%q) = %d, want refused", bad, n)
		}
	}
}
