package tooltest

import (
	"os"
	"testing"

	"go.uber.org/goleak"
)

// Main is a test binary's TestMain that can also run as a helper program:
// when the environment variable env names a helper mode, the binary was
// re-executed as a program under test and exits with helper(mode);
// otherwise it runs the tests and fails on goroutines they leak.
func Main(m *testing.M, env string, helper func(mode string) int) {
	if mode := os.Getenv(env); mode != "" {
		os.Exit(helper(mode))
	}
	goleak.VerifyTestMain(m)
}
