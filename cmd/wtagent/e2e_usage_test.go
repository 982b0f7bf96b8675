//go:build linux

package main

import (
	"strings"
	"testing"
)

// TestMissingArgumentsAreUsageErrors: a command run without the session
// id it needs, or with one too many, exits 2 with one line that says what
// to give (issue 42, item 12).
func TestMissingArgumentsAreUsageErrors(t *testing.T) {
	e := newEnv(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"diff"}, "wtagent: give a session id; see wtagent sessions\n"},
		{[]string{"undo"}, "wtagent: give a session id; see wtagent sessions\n"},
		{[]string{"export"}, "wtagent: give a session id; see wtagent sessions\n"},
		{[]string{"status", "a", "b"}, "wtagent: wtagent status takes one session id, not 2 (a b)\n"},
		{[]string{"sessions", "rm"}, "wtagent: give one or more session ids; see wtagent sessions\n"},
		{[]string{"doctor", "extra"}, "wtagent: unknown command \"extra\" for \"wtagent doctor\" (see wtagent doctor --help)\n"},
	} {
		code, out, errOut := e.run(tc.args...)
		if code != 2 || errOut != tc.want || out != "" {
			t.Errorf("wtagent %s: exit %d, stderr %q, stdout %q; want exit 2, stderr %q",
				strings.Join(tc.args, " "), code, errOut, out, tc.want)
		}
	}
}
