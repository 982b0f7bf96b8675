//go:build linux

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/model"
)

// changingRun runs a session that changes the project twice: turn 1
// creates new.txt with fs.write, turn 2 rewrites cmd.txt with a program.
// It returns the session id.
func (e *env) changingRun() string {
	e.t.Helper()
	e.write("cmd.txt", "old\n")
	e.write("keep.txt", "mine\n")
	e.write("change.sh", "echo 'changed by a command' > cmd.txt\n")
	e.write("check.sh", "test -f new.txt && grep -q command cmd.txt && echo checked\n")
	s := e.script(
		model.ScriptLine{Reply: agentReply(false, "Write.", callXML("fs.write", el("path", "new.txt"), el("content", "made by fs.write\n")))},
		model.ScriptLine{Expect: `status="ok"`, Reply: agentReply(false, "Change.", callXML("terminal.exec", el("program", "sh"), items("argv", "change.sh")))},
		model.ScriptLine{Expect: `status="ok"`, Reply: agentReply(false, "Check.", callXML("terminal.exec", el("program", "sh"), items("argv", "check.sh")))},
		model.ScriptLine{Expect: "checked", Reply: agentReply(true, "Done; sh check.sh passed.", "")},
	)
	code, out, errOut := e.run("--provider", "script", "--script", s, "--approvals", "allow", "change things")
	if code != 0 {
		e.t.Fatalf("run: exit %d\n%s\n%s", code, out, errOut)
	}
	return e.onlySession()
}

func (e *env) write(name, content string) {
	e.t.Helper()
	if err := os.WriteFile(filepath.Join(e.root, name), []byte(content), 0o644); err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) read(name string) (string, bool) {
	b, err := os.ReadFile(filepath.Join(e.root, name))
	return string(b), err == nil
}

func (e *env) git(args ...string) string {
	e.t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = e.root
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	out, err := cmd.CombinedOutput()
	if err != nil {
		e.t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return string(out)
}

func TestDiffAndUndoShowAndRestoreFileAndCommandChanges(t *testing.T) {
	for _, repo := range []bool{true, false} {
		name := "plain directory"
		if repo {
			name = "git repository"
		}
		t.Run(name, func(t *testing.T) {
			e := newEnv(t)
			var head, index string
			if repo {
				e.write("cmd.txt", "old\n")
				e.git("init", "-q")
				e.git("add", "cmd.txt")
				e.git("commit", "-q", "-m", "init")
				head = e.git("rev-parse", "HEAD")
				index = e.git("ls-files", "--stage")
			}
			id := e.changingRun()

			code, out, errOut := e.run("diff", id)
			if code != 0 {
				t.Fatalf("diff: exit %d\n%s", code, errOut)
			}
			write := strings.Index(out, "# turn 1 · fs.write")
			command := strings.Index(out, "# turn 2 · terminal.exec")
			if write < 0 || command < write {
				t.Fatalf("diff does not show both calls in order:\n%s", out)
			}
			if !strings.Contains(out[write:command], "+++ b/new.txt\n@@ -0,0 +1 @@\n+made by fs.write") {
				t.Fatalf("diff lacks fs.write's new file:\n%s", out)
			}
			if !strings.Contains(out[command:], "--- a/cmd.txt\n+++ b/cmd.txt\n@@ -1 +1 @@\n-old\n+changed by a command") {
				t.Fatalf("diff lacks the command's change:\n%s", out)
			}
			if strings.Contains(out, "turn 3") {
				t.Fatalf("diff shows turn 3, which changed nothing:\n%s", out)
			}
			_, only2, _ := e.run("diff", id, "--turn", "2")
			if strings.Contains(only2, "new.txt") || !strings.Contains(only2, "+changed by a command") {
				t.Fatalf("diff --turn 2:\n%s", only2)
			}

			e.write("keep.txt", "mine, edited by hand\n") // never touched by the agent
			code, out, errOut = e.run("undo", id, "--turn", "1")
			if code != 0 {
				t.Fatalf("undo: exit %d\n%s\n%s", code, out, errOut)
			}
			if _, ok := e.read("new.txt"); ok {
				t.Fatalf("new.txt survived the undo:\n%s", out)
			}
			if got, _ := e.read("cmd.txt"); got != "old\n" {
				t.Fatalf("cmd.txt = %q after undo, want the original", got)
			}
			if got, _ := e.read("keep.txt"); got != "mine, edited by hand\n" {
				t.Fatalf("undo touched a file the user edited: keep.txt = %q", got)
			}
			evs := e.events(id)
			if count(evs, event.EvUndoStarted) != 1 || count(evs, event.EvUndoCompleted) != 1 || count(evs, event.EvUndoRestored) != 2 {
				t.Fatalf("undo events: started %d, restored %d, completed %d", count(evs, event.EvUndoStarted),
					count(evs, event.EvUndoRestored), count(evs, event.EvUndoCompleted))
			}
			if repo {
				if got := e.git("rev-parse", "HEAD"); got != head {
					t.Fatalf("HEAD moved: %s -> %s", head, got)
				}
				if got := e.git("ls-files", "--stage"); got != index {
					t.Fatalf("the user's index changed:\n%s\nwas\n%s", got, index)
				}
				if refs := e.git("for-each-ref"); strings.Contains(refs, "checkpoint") {
					t.Fatalf("snapshot refs leaked into the user's repository:\n%s", refs)
				}
			}
			_, out, _ = e.run("diff", id)
			if !strings.Contains(out, "undo of turn 1") || !strings.Contains(out, "-made by fs.write") {
				t.Fatalf("diff does not show the undo:\n%s", out)
			}
		})
	}
}

func TestUndoRefusesFilesChangedByHand(t *testing.T) {
	e := newEnv(t)
	id := e.changingRun()
	e.write("cmd.txt", "edited by hand\n")
	code, out, _ := e.run("undo", id, "--turn", "1")
	if code != 1 {
		t.Fatalf("undo over a hand edit: exit %d, want 1\n%s", code, out)
	}
	if !strings.Contains(out, "cmd.txt: changed by hand") {
		t.Fatalf("the conflict is not shown:\n%s", out)
	}
	if got, _ := e.read("cmd.txt"); got != "edited by hand\n" {
		t.Fatalf("the hand edit was lost: %q", got)
	}
	if _, ok := e.read("new.txt"); !ok {
		t.Fatal("a refused undo removed new.txt")
	}
	if evs := e.events(id); count(evs, event.EvUndoRefused) != 1 || count(evs, event.EvUndoStarted) != 0 {
		t.Fatal("the refusal is not recorded as undo.refused")
	}
}

func TestUndoKilledHalfwayIsFinishedByTheNextUndo(t *testing.T) {
	e := newEnv(t)
	id := e.changingRun()
	cmd := e.command(t.Context(), "undo", id, "--turn", "1")
	cmd.Env = append(cmd.Env, "WTAGENT_FAULT_UNDO_KILL_AFTER=1")
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != -1 {
		t.Fatalf("the undo was not killed: %v", err)
	}
	_, newLeft := e.read("new.txt")
	cmdNow, _ := e.read("cmd.txt")
	if !newLeft == (cmdNow == "old\n") {
		t.Fatalf("want exactly one file restored before the kill: new.txt present %v, cmd.txt %q", newLeft, cmdNow)
	}
	evs := e.events(id)
	if count(evs, event.EvUndoStarted) != 1 || count(evs, event.EvUndoCompleted) != 0 {
		t.Fatal("the killed undo is not recorded as started and unfinished")
	}

	if code, _, errOut := e.run("resume", id, "--provider", "script", "--script", e.script()); code == 0 || !strings.Contains(errOut, "finish it first with `wtagent undo "+id+"`") {
		t.Fatalf("resume over a cut-short undo: exit %d\n%s", code, errOut)
	}
	code, out, errOut := e.run("undo", id)
	if code != 0 {
		t.Fatalf("second undo: exit %d\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(out, "finished the interrupted undo of turn 1") {
		t.Fatalf("the second undo did not finish the first:\n%s", out)
	}
	if _, ok := e.read("new.txt"); ok {
		t.Fatal("new.txt survived")
	}
	if got, _ := e.read("cmd.txt"); got != "old\n" {
		t.Fatalf("cmd.txt = %q", got)
	}
	evs = e.events(id)
	if count(evs, event.EvUndoCompleted) != 1 || count(evs, event.EvUndoRestored) != 2 {
		t.Fatalf("undo events after finishing: completed %d, restored %d", count(evs, event.EvUndoCompleted), count(evs, event.EvUndoRestored))
	}
}

// TestUndoWithoutTurnSaysWhatItUndid: `wtagent undo ID` undoes only the
// newest turn that changed files, says which of how many, and names the
// command that undoes the earlier turns too; the next undo takes turn 1.
func TestUndoWithoutTurnSaysWhatItUndid(t *testing.T) {
	e := newEnv(t)
	id := e.changingRun()
	code, out, errOut := e.run("undo", id)
	want := "undid turn 2 of 4, the newest that changed files: 1 file(s) restored\n  restored cmd.txt\n" +
		"only turn 2 was undone; `wtagent undo " + id + " --turn 1` undoes every turn from 1 on\n"
	if code != 0 || out != want {
		t.Fatalf("undo: exit %d\n%s\nwant\n%s\n%s", code, out, want, errOut)
	}
	if got, _ := e.read("cmd.txt"); got != "old\n" {
		t.Fatalf("cmd.txt = %q after undo, want the original", got)
	}
	if _, ok := e.read("new.txt"); !ok {
		t.Fatal("undo without --turn removed turn 1's new.txt")
	}
	code, out, _ = e.run("undo", id)
	if want := "undid turn 1 of 4, the newest that changed files: 1 file(s) restored\n  removed  new.txt\n"; code != 0 || out != want {
		t.Fatalf("second undo: exit %d\n%s\nwant\n%s", code, out, want)
	}
	code, out, _ = e.run("undo", id)
	if code != 0 || !strings.Contains(out, "no turn left whose changes are not undone") {
		t.Fatalf("third undo: exit %d\n%s", code, out)
	}
}
