package config

import (
	"testing"

	"github.com/wtagent/wtagent/internal/cmdutil/cmdtest"
)

// TestNewCmdConfig: the flags and arguments the command parses, and the
// invocations it refuses before running.
func TestNewCmdConfig(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		check   func(*Options) bool
		wantErr bool
	}{
		{"defaults", nil, func(o *Options) bool { return o.Flags.Provider == "chatgpt" && !o.Flags.Changed("provider") }, false},
		{"a run flag given", []string{"--approvals", "deny"}, func(o *Options) bool { return o.Flags.Approvals == "deny" && o.Flags.Changed("approvals") }, false},
		{"effort", []string{"--effort", "extended"}, func(o *Options) bool { return o.Flags.Effort == "extended" && o.Flags.Changed("effort") }, false},
		{"an argument", []string{"x"}, func(o *Options) bool { return true }, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, _, _, _ := cmdtest.Factory(t, nil)
			var got *Options
			err := cmdtest.Execute(f, NewCmdConfig(f, func(o *Options) error { got = o; return nil }), tc.args...)
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
