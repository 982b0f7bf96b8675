package resume

import (
	"testing"

	"github.com/wtagent/wtagent/internal/cmdutil/cmdtest"
	"github.com/wtagent/wtagent/session"
)

// TestNewCmdResume: the flags and arguments the command parses, and the
// invocations it refuses before running.
func TestNewCmdResume(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		check   func(*Options) bool
		wantErr bool
	}{
		{"id only", []string{"S"}, func(o *Options) bool { return o.ID == "S" && o.Text == "" && o.Flags.Provider == "chatgpt" }, false},
		{"id and text, run flags", []string{"S", "add a page", "--provider", "script", "--script", "s.jsonl", "--max-turns", "7"}, func(o *Options) bool {
			return o.ID == "S" && o.Text == "add a page" && o.Flags.Provider == "script" && o.Flags.Script == "s.jsonl" && o.Flags.MaxTurns == 7 && o.Flags.Changed("max-turns") && !o.Flags.Changed("mode")
		}, false},
		{"effort", []string{"S", "--effort", "extended"}, func(o *Options) bool {
			return o.Flags.Effort == "extended" && o.Flags.Changed("effort") && !o.Flags.Changed("mode")
		}, false},
		{"three arguments", []string{"S", "a", "b"}, func(o *Options) bool { return true }, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, _, _, _ := cmdtest.Factory(t, nil)
			var got *Options
			err := cmdtest.Execute(f, NewCmdResume(f, func(o *Options) error { got = o; return nil }), tc.args...)
			if tc.wantErr {
				if err == nil || got != nil {
					t.Fatalf("err %v, ran with %+v", err, got)
				}
				return
			}
			if err != nil || got.F != f || !tc.check(got) {
				t.Fatalf("err %v, options %+v", err, got)
			}
		})
	}
}

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
			f, _, _, _ := cmdtest.Factory(t, nil)
			var got *Options
			if err := cmdtest.Execute(f, NewCmdResume(f, func(o *Options) error { got = o; return nil }), append([]string{"S"}, c.args...)...); err != nil {
				t.Fatal(err)
			}
			inherit(&got.Flags, c.state, false)
			if got.Flags.Mode != c.wantMode || got.Flags.Effort != c.wantEffort {
				t.Fatalf("mode %q effort %q, want %q %q", got.Flags.Mode, got.Flags.Effort, c.wantMode, c.wantEffort)
			}
		})
	}
}
