package session

import (
	"fmt"
	"os"
	"testing"

	"github.com/wtagent/wtagent/internal/export/exporttest"
	"go.uber.org/goleak"
)

// fixtureID is a valid session id for tests.
const fixtureID = exporttest.ID

// helperEnv selects a crash helper: the test binary re-run as a child that
// the test kills with SIGKILL.
const helperEnv = "WTAGENT_SESSION_HELPER"

func TestMain(m *testing.M) {
	if mode := os.Getenv(helperEnv); mode != "" {
		if err := runHelper(mode); err != nil {
			fmt.Fprintln(os.Stderr, "helper:", err)
			os.Exit(2)
		}
		os.Exit(0)
	}
	goleak.VerifyTestMain(m)
}
