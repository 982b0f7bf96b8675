//go:build linux

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/session/event"
)

// TestCtrlCAtTheApprovalPauses: Ctrl+C at an approval question is the
// first Ctrl+C of the README: the run pauses, the call asked about is not
// run, nothing after it runs, the command exits 3 and the session resumes
// (the question is asked again). Before, it denied the call and the run
// went on to the next command and ended "done" with exit 0.
func TestCtrlCAtTheApprovalPauses(t *testing.T) {
	for _, c := range []struct{ name, task, msg string }{
		{"english", "read my notes", "Reading the notes."},
		{"chinese", "读一下我的笔记", "我先读一下笔记。"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			outside := filepath.Join(t.TempDir(), "notes.txt")
			os.WriteFile(outside, []byte("outside-notes-7\n"), 0o644)
			s := e.script(
				model.ScriptLine{Reply: agentReply(false, c.msg, callXML("fs.read", el("path", outside)))},
				model.ScriptLine{Reply: agentReply(false, "Building.", callXML("fs.write", el("path", "built.bin"), el("content", "x")))},
				model.ScriptLine{Reply: agentReply(true, "Built.", "")},
			)
			tm := e.startPTYCols(80, "--provider", "script", "--script", s, "--approvals", "prompt", c.task)
			at := tm.waitFor("approval needed", 0)
			at = tm.waitLive(4, "[n] deny")
			tm.send("\x03")
			tm.waitFor("resume with", at)
			if code := tm.exit(); code != 3 {
				t.Fatalf("exit %d after Ctrl+C at the approval, want 3; screen:\n%s", code, tm.screen())
			}
			if _, err := os.Stat(filepath.Join(e.root, "built.bin")); err == nil {
				t.Fatal("the run went on after Ctrl+C at the approval: built.bin was written")
			}
			id := e.onlySession()
			evs := e.events(id)
			if n := count(evs, event.EvToolCompleted); n != 0 {
				t.Fatalf("%d tool calls completed after Ctrl+C at the approval, want none", n)
			}
			if n := count(evs, event.EvRunInterrupted); n != 1 {
				t.Fatalf("%d run.interrupted events, want 1", n)
			}
			for _, ev := range evs {
				if ev.Type == event.EvApprovalResolved {
					t.Fatalf("an approval was decided (%s) though the user pressed Ctrl+C", ev.Payload)
				}
			}
			if strings.Contains(tm.screen(), "✔ done") {
				t.Fatalf("the run says done after Ctrl+C; screen:\n%s", tm.screen())
			}
			// Resumed, the same question is asked again; yes reads the notes.
			tm = e.startPTYCols(80, "resume", id)
			at = tm.waitFor("approval needed", 0)
			at = tm.waitLive(4, "[n] deny")
			tm.send("y")
			tm.waitFor("Built.", at)
			if code := tm.exit(); code != 0 {
				t.Fatalf("resume exit %d; screen:\n%s", code, tm.screen())
			}
		})
	}
}
