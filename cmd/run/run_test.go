package run

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/internal/cmdutil"
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
			if err != nil || got.Env.IO != f.IOStreams || !slices.Equal(got.Args, tc.wantArgs) || !tc.check(got) {
				t.Fatalf("err %v, options %+v, want args %q", err, got, tc.wantArgs)
			}
		})
	}
}

// TestNearMiss: a one-word task within edit distance 2 of a command is a
// usage error asking whether the command was meant; other words, several
// words, a word after "--" and a file of the project are tasks.
func TestNearMiss(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string // "" runs the task
	}{
		{"a typo", []string{"sesions"}, "unknown command \"sesions\": did you mean `wtagent sessions`? (to give it to ChatGPT as a task: wtagent -- sesions)"},
		{"two off", []string{"stats"}, "unknown command \"stats\": did you mean `wtagent status`? (to give it to ChatGPT as a task: wtagent -- stats)"},
		{"far from every command", []string{"refactor"}, ""},
		{"a greeting near help", []string{"hello"}, ""},
		{"several words", []string{"sesions", "list"}, ""},
		{"one argument of several words", []string{"list sesions"}, ""},
		{"after --", []string{"--", "sesions"}, ""},
		{"a file of the project", []string{"status.go"}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, _, _, _ := cmdtest.Factory(t, nil)
			wd, _ := f.Getwd()
			if err := os.WriteFile(filepath.Join(wd, "status.go"), nil, 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := &cobra.Command{Use: "wtagent", Args: cobra.ArbitraryArgs}
			for _, name := range []string{"sessions", "status", "help"} {
				cmd.AddCommand(&cobra.Command{Use: name, Run: func(*cobra.Command, []string) {}})
			}
			ran := false
			Bind(cmd, f, func(*Options) error { ran = true; return nil })
			err := cmdtest.Execute(f, cmd, tc.args...)
			if tc.want == "" {
				if err != nil || !ran {
					t.Fatalf("err %v, ran %v", err, ran)
				}
				return
			}
			if err == nil || err.Error() != tc.want || cmdutil.ExitCode(err) != cmdutil.ExitUsage || ran {
				t.Fatalf("err %v (exit %d), ran %v; want %q", err, cmdutil.ExitCode(err), ran, tc.want)
			}
		})
	}
}
