package tooltest

import (
	"os"
	"testing"
)

// HelperProgram is the test binary, to run as a helper program (its
// TestMain picks a helper mode from the environment).
func HelperProgram(t testing.TB) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return exe
}
