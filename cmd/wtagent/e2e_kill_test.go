package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/shirou/gopsutil/v3/process"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
)

// startKilled starts a run in the background and kills it with SIGKILL once
// ready says so.
func (e *env) startAndKill(ready func([]messages.Event) bool, args ...string) (id string, pid int) {
	e.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	e.t.Cleanup(cancel)
	cmd := e.command(ctx, args...)
	if err := cmd.Start(); err != nil {
		e.t.Fatal(err)
	}
	id = e.waitFor("the moment to kill", ready)
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		e.t.Fatal(err)
	}
	cmd.Wait()
	return id, cmd.Process.Pid
}

// appendOnce is a side effect that shows how often it ran: it appends one
// line to runs.log.
func appendOnce(msg string) string {
	return agentReply(false, msg, callXML("fs.write", el("path", "runs.log"), el("content", "ran\n"), el("mode", "append")))
}

func TestKill9WhileWaitingForTheModelThenResume(t *testing.T) {
	e := newEnv(t)
	lines := []model.ScriptLine{
		{Reply: appendOnce("Record the run.")},
		{Expect: `status="ok"`, Reply: agentReply(false, "Check.", callXML("terminal.exec", el("program", "sh"), items("argv", "check.sh"))), DelayMS: 60000},
		{Expect: "1 line", Reply: agentReply(true, "runs.log has one line; sh check.sh passed.", "")},
	}
	os.WriteFile(filepath.Join(e.root, "check.sh"), []byte("n=$(wc -l < runs.log); echo \"$n line\"; test \"$n\" -eq 1\n"), 0o644)
	slow := e.script(lines...)
	id, _ := e.startAndKill(func(evs []messages.Event) bool {
		return count(evs, messages.EvModelMessageSent) == 2 // waiting for the slow reply
	}, "--provider", "script", "--script", slow, "record one run")

	lines[1].DelayMS = 0
	fast := e.script(lines...)
	code, out, errOut := e.run("resume", id, "--provider", "script", "--script", fast)
	if code != 0 {
		t.Fatalf("resume: exit %d\n%s\n%s", code, out, errOut)
	}
	got, _ := os.ReadFile(filepath.Join(e.root, "runs.log"))
	if string(got) != "ran\n" {
		t.Fatalf("runs.log = %q: the side effect ran %d times", got, strings.Count(string(got), "ran"))
	}
	evs := e.events(id)
	if n := count(evs, messages.EvToolStarted); n != 2 {
		t.Fatalf("%d tool.started, want 2", n)
	}
}

func TestKill9WhileACommandRunsThenResume(t *testing.T) {
	e := newEnv(t)
	os.WriteFile(filepath.Join(e.root, "slow.sh"), []byte("echo ran >> runs.log\nsleep 60 &\nsleep 60\n"), 0o644)
	lines := []model.ScriptLine{
		{Reply: agentReply(false, "Run the slow job.", callXML("terminal.exec", el("program", "sh"), items("argv", "slow.sh")))},
		{Expect: `status="unknown"`, Reply: agentReply(true, "The job's outcome is unknown; I did not run it again.", "")},
	}
	s := e.script(lines...)
	id, _ := e.startAndKill(func(evs []messages.Event) bool {
		b, _ := os.ReadFile(filepath.Join(e.root, "runs.log"))
		return count(evs, messages.EvToolStarted) == 1 && len(b) > 0
	}, "--provider", "script", "--script", s, "run the slow job")

	// Nothing the killed run started may survive it.
	deadline := time.Now().Add(10 * time.Second)
	for {
		left := sleepers(t, e.root)
		if len(left) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("processes of the killed run survive: %v", left)
		}
		time.Sleep(50 * time.Millisecond)
	}

	code, out, errOut := e.run("resume", id, "--provider", "script", "--script", s)
	if code != 0 {
		t.Fatalf("resume: exit %d\n%s\n%s", code, out, errOut)
	}
	got, _ := os.ReadFile(filepath.Join(e.root, "runs.log"))
	if string(got) != "ran\n" {
		t.Fatalf("runs.log = %q: the command ran again on resume", got)
	}
	var unknown messages.ToolCompletedPayload
	for _, ev := range e.events(id) {
		if ev.Type == messages.EvToolUnknown {
			json.Unmarshal(ev.Payload, &unknown)
		}
	}
	if unknown.Result.Status != messages.ToolUnknown {
		t.Fatalf("no completion_unknown recorded: %+v", unknown)
	}
}

// sleepers lists processes whose working directory is the project.
func sleepers(t *testing.T, root string) []string {
	t.Helper()
	ps, err := process.Processes()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range ps {
		if cwd, err := p.Cwd(); err == nil && cwd == root {
			name, _ := p.Name()
			out = append(out, name)
		}
	}
	return out
}
