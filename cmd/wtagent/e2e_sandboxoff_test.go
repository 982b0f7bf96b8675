//go:build linux

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"

	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/sandbox"
	"github.com/wtagent/wtagent/session/event"
)

// heldWorld is a sandbox world with what the sandbox holds and the policy
// lets through because of it: a committed installer that writes into the
// home (~/.claude), and a process of the user's outside the run (a
// sleep) the model's kill names by id.
type heldWorld struct {
	sandboxWorld
	victim  *exec.Cmd
	planted string // the file the installer writes in the home
}

func newHeldWorld(t *testing.T) heldWorld {
	t.Helper()
	w := heldWorld{sandboxWorld: newSandboxWorld(t)}
	w.planted = filepath.Join(w.fakeHome, ".claude", "skills.md")
	w.commitScript("install.sh", "#!/bin/sh\nmkdir -p \"$HOME/.claude\" && echo planted > \"$HOME/.claude/skills.md\"\n")
	if err := os.Chmod(filepath.Join(w.root, "install.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	w.victim = exec.Command("sleep", "600")
	if err := w.victim.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.victim.Process.Kill(); w.victim.Wait() })
	t.Setenv("HOME", w.fakeHome) // the installer's $HOME, and the policy's home
	return w
}

// calls are the model's replies: kill the user's process by id, run the
// installer, stop.
func (w heldWorld) calls(expect string) string {
	return w.script(
		model.ScriptLine{Expect: "<task", Reply: agentReply(false, "Stop the old server.", execCallXML("kill", strconv.Itoa(w.victim.Process.Pid)))},
		model.ScriptLine{Expect: expect, Reply: agentReply(false, "Install the skills.", execCallXML("./install.sh"))},
		model.ScriptLine{Expect: expect, Reply: agentReply(true, "Done.", "")},
	)
}

// untouched fails when the user's process was signalled or the home
// written.
func (w heldWorld) untouched() {
	w.t.Helper()
	if err := w.victim.Process.Signal(syscall.Signal(0)); err != nil {
		w.t.Errorf("the user's process %d outside the run was killed: %v", w.victim.Process.Pid, err)
	}
	if _, err := os.Stat(w.planted); err == nil {
		w.t.Errorf("the installer wrote %s, outside the project", w.planted)
	}
}

// TestSandboxOffAsksWhatTheSandboxHolds: with --sandbox off, a kill of a
// process by id and a project installer that writes into the home — both
// run unasked under the sandbox, which holds them — ask on a terminal,
// saying that no sandbox holds them, and are refused under --approvals
// deny; nothing outside the run is touched.
func TestSandboxOffAsksWhatTheSandboxHolds(t *testing.T) {
	t.Run("prompt", func(t *testing.T) {
		w := newHeldWorld(t)
		tm := w.startPTYCols(220, "--provider", "script", "--script", w.calls(`status="denied"`), "--sandbox", "off", "--approvals", "prompt", "what do kill and the installer say?")
		tm.waitLive(6, "approval needed", "no sandbox's PID namespace holds it", "[n] deny")
		tm.send("n")
		tm.waitLive(6, "approval needed", "no sandbox holds what install.sh writes", "[n] deny")
		tm.send("n")
		tm.waitFor("Done.", 0)
		if code := tm.exit(); code != 0 {
			t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
		}
		w.untouched()
	})
	t.Run("deny", func(t *testing.T) {
		w := newHeldWorld(t)
		code, out, errOut := w.run("--provider", "script", "--script", w.calls("--approvals=deny refuses it"), "--sandbox", "off", "--approvals", "deny", "what do kill and the installer say?")
		if code != 0 {
			t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
		}
		evs := w.events(w.onlySession())
		if n := count(evs, event.EvToolStarted); n != 0 {
			t.Errorf("%d commands started with the sandbox off under --approvals deny, want 0", n)
		}
		w.untouched()
	})
}

// TestSandboxHoldsWhatRunsUnasked: with the sandbox on, the same kill and
// installer run without a question (under --approvals deny, where a
// question would be a denial), and the kernel holds them: the user's
// process lives, the home is not written. It skips, saying why, where
// this machine cannot enforce the sandbox's writes and PID namespace.
func TestSandboxHoldsWhatRunsUnasked(t *testing.T) {
	if st := sandbox.Probe(); !st.HoldsWrites() || !st.HoldsSignals() {
		t.Skipf("this machine cannot enforce the sandbox's confinement and PID namespace, so the policy asks here: %s", st)
	}
	w := newHeldWorld(t)
	code, out, errOut := w.run("--provider", "script", "--script", w.calls("tool_result"), "--approvals", "deny", "what do kill and the installer say?")
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	evs := w.events(w.onlySession())
	if n := count(evs, event.EvApprovalRequired); n != 0 {
		t.Errorf("%d approvals asked with the sandbox on", n)
	}
	if n := count(evs, event.EvToolStarted); n != 2 {
		t.Errorf("%d commands started with the sandbox on, want 2", n)
	}
	w.untouched()
}
