package mcp

import (
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/internal/cmdutil/cmdtest"
	"github.com/wtagent/wtagent/internal/mcpserve"
)

// TestNewCmdMCPServe: the flags and arguments `mcp serve` parses, and the
// invocations it refuses before running.
func TestNewCmdMCPServe(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		want    mcpserve.Settings
		wantErr bool
	}{
		{"defaults", []string{"serve"}, mcpserve.Settings{}, false},
		{"all flags", []string{"serve", "--mode", "thinking", "--effort", "heavy", "--turn-timeout", "90s", "--chrome", "/c",
			"--chatgpt-url", "http://127.0.0.1:1", "--headless"},
			mcpserve.Settings{Mode: "thinking", Effort: "heavy", TurnTimeout: 90 * time.Second, Chrome: "/c",
				ChatGPTURL: "http://127.0.0.1:1", Headless: true}, false},
		{"an argument", []string{"serve", "extra"}, mcpserve.Settings{}, true},
		{"bad duration", []string{"serve", "--turn-timeout", "soon"}, mcpserve.Settings{}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, _, _, _ := cmdtest.Factory(t, nil)
			var got *ServeOptions
			err := cmdtest.Execute(f, NewCmdMCP(f, func(o *ServeOptions) error { got = o; return nil }), tc.args...)
			if tc.wantErr {
				if err == nil || got != nil {
					t.Fatalf("err %v, ran with %+v", err, got)
				}
				return
			}
			if err != nil || got.Env.IO != f.IOStreams || got.Settings != tc.want {
				t.Fatalf("err %v, options %+v, want %+v", err, got, tc.want)
			}
		})
	}
}

// TestMCPHelpListsServe: `wtagent mcp` alone shows its help, which lists
// serve; serve's help hides the developer flags.
func TestMCPHelpListsServe(t *testing.T) {
	f, _, out, _ := cmdtest.Factory(t, nil)
	if err := cmdtest.Execute(f, NewCmdMCP(f, nil), []string{}...); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "serve ") {
		t.Fatalf("mcp help does not list serve:\n%s", out)
	}
	f, _, out, _ = cmdtest.Factory(t, nil)
	if err := cmdtest.Execute(f, NewCmdMCP(f, nil), "serve", "--help"); err != nil {
		t.Fatal(err)
	}
	for _, hidden := range []string{"--chatgpt-url", "--headless"} {
		if strings.Contains(out.String(), hidden) {
			t.Errorf("serve --help lists %s:\n%s", hidden, out)
		}
	}
}
