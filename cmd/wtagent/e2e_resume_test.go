//go:build linux

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/model"
)

// interruptedRun starts a scripted run in e that stops at its turn limit
// after one turn, with --approvals allow; turn 2 reads a file outside the
// project (which only the allow mode lets through) and turn 3 finishes with
// done. It returns the session id.
func (e *env) interruptedRun(t *testing.T, task, done string) string {
	t.Helper()
	outside := filepath.Join(t.TempDir(), "outside.txt")
	os.WriteFile(outside, []byte("outside-7\n"), 0o644)
	s := e.script(
		model.ScriptLine{Reply: agentReply(false, "Write.", callXML("fs.write", el("path", "a.txt"), el("content", "a")))},
		model.ScriptLine{Reply: agentReply(false, "Read outside.", callXML("fs.read", el("path", outside)))},
		model.ScriptLine{Expect: "outside-7", Reply: agentReply(true, done, "")},
	)
	code, out, errOut := e.run("--provider", "script", "--script", s, "--approvals", "allow", "--max-turns", "1", task)
	if code != 3 {
		t.Fatalf("first run: exit %d, want 3\n%s\n%s", code, out, errOut)
	}
	for _, sum := range e.sessions() {
		if sum.Task == task {
			return sum.ID
		}
	}
	t.Fatalf("no session for %q", task)
	return ""
}

// TestResumeKeepsTheSessionsSettings: `wtagent resume ID` with no flags
// continues with the session's provider, script and approvals mode.
func TestResumeKeepsTheSessionsSettings(t *testing.T) {
	e := newEnv(t)
	id := e.interruptedRun(t, "write a", "Resumed with my settings.")
	code, out, errOut := e.run("resume", id)
	if code != 0 || !strings.Contains(out, "Resumed with my settings.") {
		t.Fatalf("resume: exit %d\n%s\n%s", code, out, errOut)
	}
	// A flag overrides the recorded mode: deny refuses the outside read.
	e2 := newEnv(t)
	id2 := e2.interruptedRun(t, "write b", "unused")
	code, out, _ = e2.run("resume", id2, "--approvals", "deny")
	if code == 0 || !strings.Contains(out, "denied") {
		t.Fatalf("resume --approvals deny: exit %d\n%s", code, out)
	}
}

// TestResumeLastAndContinue: --last resumes the latest session; -c the
// latest one of the current directory; resume without an id and without a
// terminal is a usage error.
func TestResumeLastAndContinue(t *testing.T) {
	e := newEnv(t)
	if code, _, errOut := e.run("resume"); code != 2 || !strings.Contains(errOut, "--last") {
		t.Fatalf("resume without id or terminal: exit %d, want 2: %s", code, errOut)
	}
	e.interruptedRun(t, "here", "Continued here.")
	other := &env{t: t, home: e.home, root: t.TempDir()}
	other.interruptedRun(t, "elsewhere", "Resumed the latest.")

	code, out, errOut := e.run("-c")
	if code != 0 || !strings.Contains(out, "Continued here.") {
		t.Fatalf("-c: exit %d\n%s\n%s", code, out, errOut)
	}
	// Now the latest activity is the session continued above: a fresh
	// interrupted run elsewhere becomes the latest.
	third := &env{t: t, home: e.home, root: t.TempDir()}
	third.interruptedRun(t, "third", "Resumed the latest.")
	code, out, errOut = e.run("resume", "--last")
	if code != 0 || !strings.Contains(out, "Resumed the latest.") || !strings.Contains(out, third.root) {
		t.Fatalf("resume --last: exit %d\n%s\n%s", code, out, errOut)
	}
}

// TestResumePickerOnATerminal: `wtagent resume` on a terminal lists the
// sessions (task, root, age, state) and resumes the one picked.
func TestResumePickerOnATerminal(t *testing.T) {
	e := newEnv(t)
	e.interruptedRun(t, "older task", "Picked the older one.")
	e.interruptedRun(t, "newer task", "Picked the newer one.")
	tm := e.startPTY("resume")
	at := tm.waitFor("resume which session?", 0)
	screen := tm.screen()
	for _, want := range []string{"TASK", "ROOT", "AGE", "STATE", "older task", "newer task", "interrupted", e.root} {
		if !strings.Contains(screen, want) {
			t.Fatalf("the picker lacks %q:\n%s", want, screen)
		}
	}
	if strings.Index(screen, "newer task") > strings.Index(screen, "older task") {
		t.Fatalf("the latest session is not first:\n%s", screen)
	}
	tm.send("2")
	tm.waitFor("Picked the older one.", at)
	if code := tm.exit(); code != 0 {
		t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
	}
}

// TestResumeWithAnotherScript: a session stopped after two turns of its
// script resumes with a different --script file from that file's first
// line; its own script, cut shorter than the turns it used, is refused in
// words that say what to do.
func TestResumeWithAnotherScript(t *testing.T) {
	var e *env
	var old string
	stopped := func() {
		t.Helper()
		e = newEnv(t)
		old = e.script(
			model.ScriptLine{Reply: agentReply(false, "Write a.", callXML("fs.write", el("path", "a.txt"), el("content", "a")))},
			model.ScriptLine{Reply: agentReply(false, "Write b.", callXML("fs.write", el("path", "b.txt"), el("content", "b")))},
			model.ScriptLine{Reply: agentReply(true, "Finished by the old script.", "")},
		)
		if code, out, errOut := e.run("--provider", "script", "--script", old, "--max-turns", "2", "write two files"); code != 3 {
			t.Fatalf("first run: exit %d, want 3\n%s\n%s", code, out, errOut)
		}
	}
	stopped()
	fresh := e.script(model.ScriptLine{Expect: `status="ok"`, Reply: agentReply(true, "Finished by the new script.", "")})
	code, out, errOut := e.run("resume", "--last", "--provider", "script", "--script", fresh)
	if code != 0 || !strings.Contains(out, "Finished by the new script.") {
		t.Fatalf("resume with a new script: exit %d\n%s\n%s", code, out, errOut)
	}

	stopped()
	lines, _ := os.ReadFile(old)
	os.WriteFile(old, []byte(strings.SplitAfter(string(lines), "\n")[0]), 0o644)
	code, out, errOut = e.run("resume", "--last")
	want := "the script " + old + " has 1 reply, but this session already used 2 of it: add replies to it, or resume with a different --script file (which starts at its first line)"
	if code == 0 || !strings.Contains(out+errOut, want) || strings.Contains(out+errOut, "cursor") {
		t.Fatalf("resume with its script cut short: exit %d, want the words\n%s\n%s\n%s", code, want, out, errOut)
	}
}
