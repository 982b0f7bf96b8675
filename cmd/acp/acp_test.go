package acp

import (
	"testing"

	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/cmdutil/cmdtest"
)

// TestNewCmdACP: `wtagent acp` takes the run flags and no arguments.
func TestNewCmdACP(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		check   func(*Options) bool
		wantErr bool
	}{
		{"scripted", []string{"--provider", "script", "--script", "s.jsonl"},
			func(o *Options) bool { return o.Flags.Provider == "script" && o.Flags.Script == "s.jsonl" }, false},
		{"mode and approvals", []string{"--mode", "thinking", "--effort", "extended", "--approvals", "deny", "--headless", "--chatgpt-url", "http://127.0.0.1:9"},
			func(o *Options) bool {
				return o.Flags.Mode == "thinking" && o.Flags.Effort == "extended" && o.Flags.Approvals == "deny" &&
					o.Flags.Headless && o.Flags.ChatGPTURL == "http://127.0.0.1:9"
			}, false},
		{"defaults", nil, func(o *Options) bool { return o.Flags.Provider == "chatgpt" && o.Flags.Approvals == "" }, false},
		{"an argument", []string{"task"}, nil, true},
		{"unknown flag", []string{"--nope"}, nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, _, _, _ := cmdtest.Factory(t, nil)
			var got *Options
			cmd := NewCmdACP(f, func(o *Options) error { got = o; return nil })
			cmdutil.UsageArgs(cmd) // as the root does
			err := cmdtest.Execute(f, cmd, tc.args...)
			if tc.wantErr {
				if err == nil || got != nil || cmdutil.ExitCode(err) != cmdutil.ExitUsage {
					t.Fatalf("err %v (exit %d), ran with %+v", err, cmdutil.ExitCode(err), got)
				}
				return
			}
			if err != nil || got.Env.IO != f.IOStreams || !tc.check(got) {
				t.Fatalf("err %v, options %+v", err, got)
			}
		})
	}
}
