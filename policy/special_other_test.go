//go:build !unix

package policy

import "testing"

func makeFIFO(t *testing.T, path string) {
	t.Skip("FIFOs need a Unix system")
}
