package demo

import (
	"testing"

	"github.com/wtagent/wtagent/internal/cmdutil/cmdtest"
)

// TestNewCmdDemo: the flags and arguments the command parses, and the
// invocations it refuses before running.
func TestNewCmdDemo(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		check   func(*Options) bool
		wantErr bool
	}{
		{"defaults", nil, func(o *Options) bool { return o.Browser == "auto" && !o.Flags.KeepProcesses && o.Dir == "" }, false},
		{"scripted, kept", []string{"--browser", "never", "--keep-processes", "--dir", "/tmp/p"}, func(o *Options) bool { return o.Browser == "never" && o.Flags.KeepProcesses && o.Dir == "/tmp/p" }, false},
		{"kept by the old name", []string{"--keep"}, func(o *Options) bool { return o.Flags.KeepProcesses }, false},
		{"an argument", []string{"x"}, func(o *Options) bool { return true }, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, _, _, _ := cmdtest.Factory(t, nil)
			var got *Options
			err := cmdtest.Execute(f, NewCmdDemo(f, func(o *Options) error { got = o; return nil }), tc.args...)
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
