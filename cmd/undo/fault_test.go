package undo

import (
	"testing"

	"github.com/wtagent/wtagent/internal/fault"
)

// TestKillAfterOnlyInAFaultBuild: WTAGENT_FAULT_UNDO_KILL_AFTER gives the
// undo a hook that kills it only in a wtfault build; the shipped build
// ignores the variable.
func TestKillAfterOnlyInAFaultBuild(t *testing.T) {
	getenv := func(name string) string {
		if name == killAfterEnv {
			return "1"
		}
		return ""
	}
	if hook := afterStep(getenv); (hook != nil) != fault.Enabled {
		t.Fatalf("%s=1: hook set %v, want %v (wtfault build: %v)", killAfterEnv, hook != nil, fault.Enabled, fault.Enabled)
	}
	if afterStep(func(string) string { return "" }) != nil {
		t.Fatal("a hook without the variable")
	}
}
