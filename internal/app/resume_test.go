package app

import (
	"testing"

	"github.com/spf13/pflag"

	"github.com/wtagent/wtagent/internal/settings"
	"github.com/wtagent/wtagent/session"
)

// TestInheritModeRequest: resume takes the session's recorded (mode,
// effort) unless the command line gives a part; a part given drops the
// recorded other part where they name different effort tiers.
func TestInheritModeRequest(t *testing.T) {
	for _, c := range []struct {
		name                 string
		state                session.State
		args                 []string
		wantMode, wantEffort string
	}{
		{"both recorded", session.State{Mode: "thinking", Effort: "extended"}, nil, "thinking", "extended"},
		{"effort given", session.State{Mode: "thinking", Effort: "extended"}, []string{"--effort", "light"}, "thinking", "light"},
		{"mode given", session.State{Mode: "thinking", Effort: "extended"}, []string{"--mode", "instant"}, "instant", "extended"},
		{"a tier as mode drops the effort", session.State{Effort: "extended"}, []string{"--mode", "pro"}, "pro", ""},
		{"the same tier keeps it", session.State{Effort: "pro"}, []string{"--mode", "pro"}, "pro", "pro"},
		{"an effort drops a tier as mode", session.State{Mode: "pro"}, []string{"--effort", "light"}, "", "light"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var flags settings.Flags
			fs := pflag.NewFlagSet("resume", pflag.ContinueOnError)
			settings.AddFlags(fs, &flags)
			if err := fs.Parse(c.args); err != nil {
				t.Fatal(err)
			}
			inherit(&flags, c.state, false)
			if flags.Mode != c.wantMode || flags.Effort != c.wantEffort {
				t.Fatalf("mode %q effort %q, want %q %q", flags.Mode, flags.Effort, c.wantMode, c.wantEffort)
			}
		})
	}
}
