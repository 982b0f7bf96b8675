//go:build linux

package main

import (
	"strings"
	"testing"

	"github.com/wtagent/wtagent/model"
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

// TestDiffTurnOutOfRange: `diff --turn` with a turn the session does not
// have (0, or past its last) is a usage error naming the valid range, not
// every turn's changes nor "no changes" with exit 0 (issue 42, item 19).
func TestDiffTurnOutOfRange(t *testing.T) {
	e := newEnv(t)
	id := e.changingRun() // four turns
	for _, turn := range []string{"0", "9", "-1"} {
		code, out, errOut := e.run("diff", id, "--turn", turn)
		want := "wtagent: --turn " + turn + ": session " + id + " has turns 1 to 4\n"
		if turn != "9" {
			want = "wtagent: --turn must be a turn number (1 or more), not " + turn + "\n"
		}
		if code != 2 || out != "" || errOut != want {
			t.Errorf("diff --turn %s: exit %d, stdout %q, stderr %q; want exit 2, stderr %q", turn, code, out, errOut, want)
		}
	}
	if code, out, errOut := e.run("diff", id, "--turn", "1"); code != 0 || !strings.Contains(out, "new.txt") {
		t.Errorf("diff --turn 1: exit %d\n%s%s", code, out, errOut)
	}
}

// TestNearMissOfACommand: a one-word task that is a typo of a command
// (`wtagent sesions`) is not sent to ChatGPT: exit 2, asking whether the
// command was meant, and no session is made. The same word after "--",
// or naming a file of the project, is a task (issue 42, item 18).
func TestNearMissOfACommand(t *testing.T) {
	e := newEnv(t)
	code, out, errOut := e.run("sesions")
	if code != 2 || out != "" || !strings.Contains(errOut, "did you mean `wtagent sessions`?") {
		t.Errorf("wtagent sesions: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if n := len(e.sessions()); n != 0 {
		t.Errorf("wtagent sesions left %d session(s)", n)
	}
	e.write("stats", "a file named like a command\n")
	s := e.script(model.ScriptLine{Reply: agentReply(true, "Done.", "")})
	for _, args := range [][]string{{"stats"}, {"--", "sesions"}} {
		code, out, errOut = e.run(append([]string{"--provider", "script", "--script", s}, args...)...)
		if code != 0 || strings.Contains(errOut, "did you mean") {
			t.Errorf("wtagent %v: exit %d\n%s%s", args, code, out, errOut)
		}
	}
}
