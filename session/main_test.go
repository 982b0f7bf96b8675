package session

import (
	"flag"
	"fmt"
	"os"
	"testing"

	"go.uber.org/goleak"
)

// update rewrites the golden files under ../testdata/session.
var update = flag.Bool("update", false, "rewrite golden files")

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
