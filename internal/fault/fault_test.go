package fault

import "testing"

// TestEnvFollowsTheBuildTag: with the tag wtfault Env reads the variable;
// without it (the shipped binary) Env is "" even when the variable is set.
func TestEnvFollowsTheBuildTag(t *testing.T) {
	getenv := func(name string) string {
		if name == "WTAGENT_FAULT_X" {
			return "1"
		}
		return ""
	}
	want := ""
	if Enabled {
		want = "1"
	}
	if got := Env(getenv, "WTAGENT_FAULT_X"); got != want {
		t.Fatalf("Env with the variable set = %q, want %q (wtfault build: %v)", got, want, Enabled)
	}
	if got := Env(getenv, "WTAGENT_FAULT_UNSET"); got != "" {
		t.Fatalf("Env of an unset variable = %q", got)
	}
}
