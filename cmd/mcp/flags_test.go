package mcp

import (
	"reflect"
	"testing"
	"time"

	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/cmdutil/cmdtest"
	"github.com/wtagent/wtagent/internal/config"
)

// TestNewCmdAdd: the servers `mcp add` makes of its arguments and flags,
// and the invocations it refuses (as usage errors) before running.
func TestNewCmdAdd(t *testing.T) {
	minute := config.Duration(time.Minute)
	tests := []struct {
		name      string
		args      []string
		wantName  string
		want      config.MCPServer
		wantForce bool
		wantErr   bool
	}{
		{"command after --", []string{"fs", "--", "npx", "-y", "server", "/tmp"}, "fs",
			config.MCPServer{Command: "npx", Args: []string{"-y", "server", "/tmp"}}, false, false},
		{"command without --", []string{"fs", "server"}, "fs", config.MCPServer{Command: "server", Args: []string{}}, false, false},
		{"all flags", []string{"gh", "-e", "A=1", "--env", "B=x=y", "--trust-annotations", "--timeout", "1m", "--force", "--", "gh-mcp", "stdio"}, "gh",
			config.MCPServer{Command: "gh-mcp", Args: []string{"stdio"}, Env: map[string]string{"A": "1", "B": "x=y"},
				TrustAnnotations: true, Timeout: &minute}, true, false},
		{"url", []string{"docs", "--url", "https://mcp.example.com/mcp"}, "docs",
			config.MCPServer{URL: "https://mcp.example.com/mcp"}, false, false},
		{"no command", []string{"fs"}, "", config.MCPServer{}, false, true},
		{"url and command", []string{"x", "--url", "https://h/", "--", "cmd"}, "", config.MCPServer{}, false, true},
		{"two words before --", []string{"x", "y", "--", "cmd"}, "", config.MCPServer{}, false, true},
		{"env without =", []string{"x", "-e", "A", "--", "cmd"}, "", config.MCPServer{}, false, true},
		{"env twice", []string{"x", "-e", "A=1", "-e", "A=2", "--", "cmd"}, "", config.MCPServer{}, false, true},
		{"env with url", []string{"x", "-e", "A=1", "--url", "https://h/"}, "", config.MCPServer{}, false, true},
		{"ftp url", []string{"x", "--url", "ftp://h/"}, "", config.MCPServer{}, false, true},
		{"dotted name", []string{"a.b", "--", "cmd"}, "", config.MCPServer{}, false, true},
		{"zero timeout", []string{"x", "--timeout", "0s", "--", "cmd"}, "", config.MCPServer{}, false, true},
		{"bad timeout", []string{"x", "--timeout", "soon", "--", "cmd"}, "", config.MCPServer{}, false, true},
		{"unknown flag before --", []string{"x", "-y", "--", "cmd"}, "", config.MCPServer{}, false, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, _, _, _ := cmdtest.Factory(t, nil)
			var got *AddOptions
			err := cmdtest.Execute(f, NewCmdAdd(f, func(o *AddOptions) error { got = o; return nil }), tc.args...)
			if tc.wantErr {
				if err == nil || got != nil || cmdutil.ExitCode(err) != cmdutil.ExitUsage {
					t.Fatalf("err %v (exit %d), ran with %+v", err, cmdutil.ExitCode(err), got)
				}
				return
			}
			if err != nil || got.IO != f.IOStreams || got.Name != tc.wantName || got.Force != tc.wantForce || !reflect.DeepEqual(got.Server, tc.want) {
				t.Fatalf("err %v, options %+v, want %s %+v", err, got, tc.wantName, tc.want)
			}
		})
	}
}

// TestNewCmdAddNeedsAName: add without arguments does not run (cobra's
// argument check, exit status 1 as for every verb).
func TestNewCmdAddNeedsAName(t *testing.T) {
	f, _, _, _ := cmdtest.Factory(t, nil)
	ran := false
	if err := cmdtest.Execute(f, NewCmdAdd(f, func(*AddOptions) error { ran = true; return nil })); err == nil || ran {
		t.Fatalf("err %v, ran %v", err, ran)
	}
}

// TestNewCmdListAndRemove: list's timeout and remove's one name.
func TestNewCmdListAndRemove(t *testing.T) {
	for _, tc := range []struct {
		name    string
		args    []string
		want    time.Duration
		wantErr bool
	}{
		{"default", nil, 15 * time.Second, false},
		{"timeout", []string{"--timeout", "3s"}, 3 * time.Second, false},
		{"zero", []string{"--timeout", "0s"}, 0, true},
		{"an argument", []string{"fs"}, 0, true},
	} {
		t.Run("list "+tc.name, func(t *testing.T) {
			f, _, _, _ := cmdtest.Factory(t, nil)
			var got *ListOptions
			err := cmdtest.Execute(f, NewCmdList(f, func(o *ListOptions) error { got = o; return nil }), tc.args...)
			if tc.wantErr != (err != nil) || (err == nil && (got.IO != f.IOStreams || got.Timeout != tc.want)) {
				t.Fatalf("err %v, options %+v", err, got)
			}
		})
	}
	for _, tc := range []struct {
		name    string
		args    []string
		wantErr bool
	}{{"one", []string{"fs"}, false}, {"none", nil, true}, {"two", []string{"a", "b"}, true}} {
		t.Run("remove "+tc.name, func(t *testing.T) {
			f, _, _, _ := cmdtest.Factory(t, nil)
			var got *RemoveOptions
			err := cmdtest.Execute(f, NewCmdRemove(f, func(o *RemoveOptions) error { got = o; return nil }), tc.args...)
			if tc.wantErr != (err != nil) || (err == nil && (got.IO != f.IOStreams || got.Name != tc.args[0])) {
				t.Fatalf("err %v, options %+v", err, got)
			}
		})
	}
}
