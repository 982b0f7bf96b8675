//go:build linux

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

	"github.com/wtagent/wtagent/session/event"

	"github.com/shirou/gopsutil/v3/process"
	"golang.org/x/sys/unix"

	"github.com/wtagent/wtagent/model"
)

// startKilled starts a run in the background and kills it with SIGKILL once
// ready says so.
func (e *env) startAndKill(ready func([]event.Event) bool, args ...string) (id string, pid int) {
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
	os.WriteFile(filepath.Join(e.root, "check.sh"), []byte(recordOnceCheck), 0o644)
	slow := e.script(lines...)
	id, _ := e.startAndKill(func(evs []event.Event) bool {
		return count(evs, event.EvModelMessageSent) == 2 // waiting for the slow reply
	}, "--provider", "script", "--script", slow, "record one run")

	// The same script file, now without the delay, continues where the
	// killed run was.
	lines[1].DelayMS = 0
	os.Rename(e.script(lines...), slow)
	e.resumeRanOnce(id)
}

// resumeRanOnce resumes the session id and checks that the side effect
// the killed run had already made (the line "ran" in runs.log) is not made
// again, and that the run's tool calls started twice in all (the one
// before the kill and the next one); it returns the session's events.
func (e *env) resumeRanOnce(id string) []event.Event {
	t := e.t
	t.Helper()
	code, out, errOut := e.run("resume", id)
	if code != 0 {
		t.Fatalf("resume: exit %d\n%s\n%s", code, out, errOut)
	}
	got, _ := os.ReadFile(filepath.Join(e.root, "runs.log"))
	if string(got) != "ran\n" {
		t.Fatalf("runs.log = %q: the side effect ran %d times", got, strings.Count(string(got), "ran"))
	}
	evs := e.events(id)
	if n := count(evs, event.EvToolStarted); n != 2 {
		t.Fatalf("%d tool.started, want 2", n)
	}
	return evs
}

func TestKill9WhileACommandRunsThenResume(t *testing.T) {
	e := newEnv(t)
	os.WriteFile(filepath.Join(e.root, "slow.sh"), []byte("echo ran >> runs.log\nsleep 60 &\nsleep 60\n"), 0o644)
	lines := []model.ScriptLine{
		{Reply: agentReply(false, "Run the slow job.", callXML("terminal.exec", el("program", "sh"), items("argv", "slow.sh")))},
		{Expect: `status="unknown"`, Reply: agentReply(true, "The job's outcome is unknown; I did not run it again.", "")},
	}
	s := e.script(lines...)
	id, _ := e.startAndKill(func(evs []event.Event) bool {
		b, _ := os.ReadFile(filepath.Join(e.root, "runs.log"))
		return count(evs, event.EvToolStarted) == 1 && len(b) > 0
	}, "--provider", "script", "--script", s, "start slow.sh once") // "start", not "run": a run request needs a passing run before done

	// Nothing the killed run started may survive it: its processes get
	// SIGKILL (the leader) and SIGHUP (the rest of its session) from the
	// kernel; the wait is for them to be gone, whatever the load.
	waitGone(t, e.root)

	code, out, errOut := e.run("resume", id, "--provider", "script", "--script", s)
	if code != 0 {
		t.Fatalf("resume: exit %d\n%s\n%s", code, out, errOut)
	}
	got, _ := os.ReadFile(filepath.Join(e.root, "runs.log"))
	if string(got) != "ran\n" {
		t.Fatalf("runs.log = %q: the command ran again on resume", got)
	}
	var unknown event.ToolCompletedPayload
	for _, ev := range e.events(id) {
		if ev.Type == event.EvToolUnknown {
			json.Unmarshal(ev.Payload, &unknown)
		}
	}
	if unknown.Result.Status != event.ToolUnknown {
		t.Fatalf("no completion_unknown recorded: %+v", unknown)
	}
}

// waitGone waits until no process runs in root: it waits on a pidfd of
// each one it finds (readable when the process exits), then looks again;
// it fails after hangGuard.
func waitGone(t *testing.T, root string) {
	t.Helper()
	deadline := time.Now().Add(hangGuard)
	for {
		left := sleepers(t, root)
		if len(left) == 0 {
			return
		}
		for _, p := range left {
			fd, err := unix.PidfdOpen(int(p.Pid), 0)
			if err != nil {
				continue // already gone
			}
			fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
			n, err := unix.Poll(fds, int(time.Until(deadline).Milliseconds()))
			unix.Close(fd)
			if n == 0 && err == nil {
				t.Fatalf("processes of the killed run survive: %v", names(left))
			}
		}
	}
}

// sleepers lists processes whose working directory is the project.
func sleepers(t *testing.T, root string) []*process.Process {
	t.Helper()
	ps, err := process.Processes()
	if err != nil {
		t.Fatal(err)
	}
	var out []*process.Process
	for _, p := range ps {
		if cwd, err := p.Cwd(); err == nil && cwd == root {
			out = append(out, p)
		}
	}
	return out
}

// names are the processes' names.
func names(ps []*process.Process) []string {
	var out []string
	for _, p := range ps {
		name, _ := p.Name()
		out = append(out, name)
	}
	return out
}
