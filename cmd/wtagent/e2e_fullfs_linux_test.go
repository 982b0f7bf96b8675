package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/session"
)

// runLimited runs wtagent under a file-size limit (RLIMIT_FSIZE, through
// prlimit): a write past limit bytes fails with EFBIG, as on a full disk.
func (e *env) runLimited(limit int64, args ...string) (int, string) {
	e.t.Helper()
	prlimit, err := exec.LookPath("prlimit")
	if err != nil {
		e.t.Skip("prlimit is not installed")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := e.command(ctx, args...)
	cmd.Path = prlimit
	cmd.Args = append([]string{"prlimit", "--fsize=" + strconv.FormatInt(limit, 10), "--", binary}, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err = cmd.Run()
	// The padding of the test's call would flood a failure message.
	shown := strings.ReplaceAll(out.String(), strings.Repeat("p", 1024), "")
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), shown
	} else if err != nil {
		e.t.Fatal(err)
	}
	return 0, shown
}

// TestWriteAheadOnAFullDisk: when tool.prepared cannot be made durable (the
// event log may not grow), the command does not run, the run stops with a
// clear error instead of hanging, and the log is left whole; a resume on
// the same full disk says so and exits, still without running it.
func TestWriteAheadOnAFullDisk(t *testing.T) {
	// The call carries 64 KiB, so each event naming it is that large: a
	// limit in the middle of tool.prepared admits the events before it.
	pad := strings.Repeat("p", 64<<10)
	script := func(e *env) string {
		return e.script(
			model.ScriptLine{Expect: "<task", Reply: agentReply(false, "Touch.", callXML("terminal.exec", el("program", "sh"),
				items("argv", "-c", "touch ran.txt", pad)))},
			model.ScriptLine{Reply: agentReply(true, "Touched.", "")},
		)
	}
	// A reference run without a limit says where tool.prepared starts.
	ref := newEnv(t)
	if code, out, errOut := ref.run("--provider", "script", "--script", script(ref), "--approvals", "allow", "touch a file"); code != 0 {
		t.Fatalf("reference run: exit %d\n%s\n%s", code, out, errOut)
	}
	log, err := os.ReadFile(filepath.Join(ref.home, "sessions", ref.onlySession(), "events.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	start := bytes.Index(log, []byte(`"type":"tool.prepared"`))
	start = bytes.LastIndexByte(log[:start], '\n') + 1
	end := start + bytes.IndexByte(log[start:], '\n')
	if start <= 0 || end-start < len(pad) {
		t.Fatalf("no tool.prepared line of the padded call in the reference log")
	}
	limit := int64(start + (end-start)/2)

	e := newEnv(t)
	code, out := e.runLimited(limit, "--provider", "script", "--script", script(e), "--approvals", "allow", "touch a file")
	if code == 0 || !strings.Contains(out, "the event log could not be written") || !strings.Contains(out, "file too large") {
		t.Fatalf("exit %d, want a clear failure:\n%s", code, out)
	}
	id := e.onlySession()
	check := func(when string) {
		t.Helper()
		if _, err := os.Stat(filepath.Join(e.root, "ran.txt")); err == nil {
			t.Fatalf("%s: the command ran although tool.prepared was not durable", when)
		}
		evs, tail, err := session.ReadEvents(filepath.Join(e.home, "sessions", id, "events.jsonl"))
		if err != nil || tail.Torn {
			t.Fatalf("%s: the log is not whole: %v %+v", when, err, tail)
		}
		for _, ev := range evs {
			if ev.Type == "tool.prepared" || ev.Type == "tool.started" {
				t.Fatalf("%s: %s was logged", when, ev.Type)
			}
		}
		if count(evs, "tool.proposed") == 0 {
			t.Fatalf("%s: the call was not even proposed; the limit missed its mark", when)
		}
	}
	check("run")
	code, out = e.runLimited(limit, "resume", id)
	if code == 0 || !strings.Contains(out, "the event log could not be written") {
		t.Fatalf("resume on the full disk: exit %d, want a clear failure:\n%s", code, out)
	}
	check("resume")
	t.Logf("resume on the full disk:\n%s", out)
}

// TestRealFullDisk fills a small tmpfs holding the data directory (root
// only): a resume of a session there, and a new session, each stop with
// a clear error instead of hanging, and the log stays whole.
func TestRealFullDisk(t *testing.T) {
	dir := t.TempDir()
	if err := unix.Mount("tmpfs", dir, "tmpfs", 0, "size=4m"); err != nil {
		t.Skipf("no tmpfs to fill (needs root): %v", err)
	}
	t.Cleanup(func() { unix.Unmount(dir, unix.MNT_DETACH) })
	e := newEnv(t)
	e.home = filepath.Join(dir, "home")
	done := func(msg string) string {
		return e.script(model.ScriptLine{Reply: agentReply(true, msg, "")})
	}
	if code, out, errOut := e.run("--provider", "script", "--script", done("Hello."), "say hello"); code != 0 {
		t.Fatalf("first run: exit %d\n%s\n%s", code, out, errOut)
	}
	id := e.onlySession()
	fill, err := os.Create(filepath.Join(dir, "fill"))
	if err != nil {
		t.Fatal(err)
	}
	chunk := make([]byte, 64<<10)
	for {
		if _, err := fill.Write(chunk); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatal(err)
			}
			break
		}
	}
	fill.Close()
	// Another script file answers from its first line.
	again := e.script(model.ScriptLine{Reply: agentReply(true, "Again.", "")})
	code, out, errOut := e.run("resume", id, "--script", again, "say it again")
	if code == 0 || !strings.Contains(errOut, "the event log could not be written") || !strings.Contains(errOut, "no space left on device") {
		t.Errorf("resume on a full disk: exit %d\n%s\n%s", code, out, errOut)
	}
	t.Logf("resume on a full disk: exit %d: %s", code, strings.TrimSpace(errOut))
	if _, tail, err := session.ReadEvents(filepath.Join(e.home, "sessions", id, "events.jsonl")); err != nil || tail.Torn {
		t.Errorf("the log is not whole: %v %+v", err, tail)
	}
	code, out, errOut = e.run("--provider", "script", "--script", done("Hello."), "say hello")
	if code == 0 || !strings.Contains(errOut, "no space left on device") {
		t.Errorf("new session on a full disk: exit %d\n%s\n%s", code, out, errOut)
	}
	t.Logf("new session on a full disk: exit %d: %s", code, strings.TrimSpace(errOut))
}
