package resume

import (
	"testing"

	"github.com/wtagent/wtagent/internal/cmdutil/cmdtest"
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
			if err != nil || got.Env.IO != f.IOStreams || !tc.check(got) {
				t.Fatalf("err %v, options %+v", err, got)
			}
		})
	}
}
