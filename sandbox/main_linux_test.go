package sandbox

import (
	"os"
	"testing"
)

// TestMain makes the test binary non-dumpable, as wtagent's main does,
// so the programs' inits are started the way wtagent starts them.
func TestMain(m *testing.M) {
	if err := ProtectSelf(); err != nil {
		panic(err)
	}
	os.Exit(m.Run())
}
