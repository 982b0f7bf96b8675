//go:build unix

package toolactors

import (
	"testing"
	"time"
)

// await waits for ch, failing the test after the hang guard.
func await(t *testing.T, what string, ch <-chan struct{}) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(2 * time.Minute):
		t.Fatalf("timed out waiting for %s", what)
	}
}
