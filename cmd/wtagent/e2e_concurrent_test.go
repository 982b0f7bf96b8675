//go:build linux

package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/model"
)

// TestSecondRunInTheSameProject: while one wtagent process runs in a
// project, a second one warns and refuses (no terminal), asks on a
// terminal, and starts with --allow-concurrent; once the first ends, runs
// start as usual.
func TestSecondRunInTheSameProject(t *testing.T) {
	e := newEnv(t)
	e.write("wait.sh", "while [ ! -f go ]; do sleep 0.05; done; echo released\n")
	first := e.script(
		model.ScriptLine{Reply: agentReply(false, "Wait.", callXML("terminal.exec", el("program", "sh"), items("argv", "wait.sh")))},
		model.ScriptLine{Reply: agentReply(true, "Waited.", "")})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cmd := e.command(ctx, "--provider", "script", "--script", first, "--approvals", "allow", "wait for me")
	out := &syncBuffer{}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	id := e.waitFor("the first run's tool", func(evs []event.Event) bool { return count(evs, event.EvToolStarted) == 1 })

	done := e.script(model.ScriptLine{Reply: agentReply(true, "Nothing to do.", "")})
	code, _, errOut := e.run("--provider", "script", "--script", done, "look")
	want := fmt.Sprintf("another wtagent run (session %s, pid %d) works in", id, cmd.Process.Pid)
	if code != 1 || !strings.Contains(errOut, want) || !strings.Contains(errOut, "--allow-concurrent") {
		t.Errorf("the second run without a terminal: exit %d, stderr:\n%s", code, errOut)
	}
	if n := len(e.sessions()); n != 1 {
		t.Errorf("the refused run left a session: %d sessions", n)
	}

	tm := e.startPTY("--provider", "script", "--script", done, "look")
	tm.waitFor("start anyway? [y]es  [n]o", 0)
	tm.send("n")
	if code := tm.exit(); code != 1 || !strings.Contains(tm.screen(), want) {
		t.Errorf("the second run on a terminal, answered no: exit %d; screen:\n%s", code, tm.screen())
	}

	code, stdout, errOut := e.run("--provider", "script", "--script", done, "--allow-concurrent", "look")
	if code != 0 || !strings.Contains(errOut, "warning: "+want) || !strings.Contains(stdout, "Nothing to do.") {
		t.Errorf("--allow-concurrent: exit %d\n%s\n%s", code, stdout, errOut)
	}

	os.WriteFile(filepath.Join(e.root, "go"), nil, 0o644)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("the first run: %v\n%s", err, out)
	}
	code, _, errOut = e.run("--provider", "script", "--script", done, "look again")
	if code != 0 || strings.Contains(errOut, "another wtagent run") {
		t.Errorf("a run after the first ended: exit %d: %s", code, errOut)
	}
}
