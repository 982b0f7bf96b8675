package run

import (
	"slices"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/internal/cmdutil/cmdtest"
)

func TestBind(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		wantArgs []string
		check    func(*Options) bool
		wantErr  bool
	}{
		{"a task", []string{"build", "a site"}, []string{"build", "a site"},
			func(o *Options) bool {
				return !o.Continue && o.Flags.Provider == "chatgpt" && !o.Flags.Changed("provider")
			}, false},
		{"no task", nil, nil, func(o *Options) bool { return !o.Continue }, false},
		{"continue", []string{"-c", "also a contact page"}, []string{"also a contact page"},
			func(o *Options) bool { return o.Continue }, false},
		{"run flags", []string{"--provider", "script", "--script", "s.jsonl", "--approvals", "allow", "--max-turns", "3", "--tool-timeout", "2m", "t"}, []string{"t"},
			func(o *Options) bool {
				return o.Flags.Provider == "script" && o.Flags.Script == "s.jsonl" && o.Flags.Approvals == "allow" &&
					o.Flags.MaxTurns == 3 && o.Flags.ToolTimeout == 2*time.Minute && o.Flags.Changed("script")
			}, false},
		{"developer flags", []string{"--headless", "--chatgpt-url", "http://127.0.0.1:1", "t"}, []string{"t"},
			func(o *Options) bool { return o.Flags.Headless && o.Flags.ChatGPTURL == "http://127.0.0.1:1" }, false},
		{"not a number", []string{"--max-turns", "many"}, nil, nil, true},
		{"unknown flag", []string{"--no-such-flag"}, nil, nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, _, _, _ := cmdtest.Factory(t, nil)
			var got *Options
			cmd := &cobra.Command{Use: "wtagent", Args: cobra.ArbitraryArgs}
			Bind(cmd, f, func(o *Options) error { got = o; return nil })
			err := cmdtest.Execute(f, cmd, tc.args...)
			if tc.wantErr {
				if err == nil || got != nil {
					t.Fatalf("err %v, ran with %+v", err, got)
				}
				return
			}
			if err != nil || got.F != f || !slices.Equal(got.Args, tc.wantArgs) || !tc.check(got) {
				t.Fatalf("err %v, options %+v, want args %q", err, got, tc.wantArgs)
			}
		})
	}
}
