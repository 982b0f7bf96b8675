//go:build linux

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/session/event"
)

// batchEnv is an env whose config lets a reply hold up to n calls under
// issue 26's rule (chain-changes off: one change, last), with a.txt, b.txt
// and c.txt in the project.
func batchEnv(t *testing.T, n string) *env {
	t.Helper()
	e := newEnv(t)
	if err := os.WriteFile(filepath.Join(e.home, "config.json"), []byte(`{"calls-per-reply": `+n+`, "chain-changes": false}`), 0o600); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{"a.txt": "alpha-content\n", "b.txt": "beta-content\n", "c.txt": "gamma-content\n"} {
		if err := os.WriteFile(filepath.Join(e.root, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return e
}

func readXML(path string) string { return callXML("fs.read", el("path", path)) }

// resultTexts returns the tool-result messages the session sent.
func resultTexts(t *testing.T, evs []event.Event) []event.MessageSentPayload {
	t.Helper()
	var out []event.MessageSentPayload
	for _, ev := range evs {
		var p event.MessageSentPayload
		if ev.Type == event.EvModelMessageSending && json.Unmarshal(ev.Payload, &p) == nil && p.Kind == event.OutboundToolResult {
			out = append(out, p)
		}
	}
	return out
}

// heads lists `N tool status` for each <tool_result> of a message, in order.
func heads(text string) string {
	re := regexp.MustCompile(`<tool_result call="(\d+)" name="([^"]+)" status="([^"]+)"`)
	var out []string
	for _, m := range re.FindAllStringSubmatch(text, -1) {
		out = append(out, m[1]+" "+m[2]+" "+m[3])
	}
	return strings.Join(out, ", ")
}

// TestBatchReadsAndWriteInOneMessage: with calls-per-reply 8, a reply with
// three reads, a write and a read after it runs the reads, then the write,
// skips the last read, and answers in one message, in order; the
// run's output reports the skipped call.
func TestBatchReadsAndWriteInOneMessage(t *testing.T) {
	e := batchEnv(t, "8")
	batch := readXML("a.txt") + readXML("b.txt") + readXML("c.txt") +
		callXML("fs.write", el("path", "out.txt"), el("content", "joined\n")) + readXML("out.txt")
	s := e.script(
		model.ScriptLine{Expect: "up to 8 <tool_call>", Reply: agentReply(false, "Read all, then write.", batch)},
		model.ScriptLine{Expect: `<tool_results calls="5">`, Reply: agentReply(true, "Wrote out.txt from a, b and c.", "")},
	)
	code, out, errOut := e.run("--provider", "script", "--script", s, "--approvals", "allow", "join a, b and c into out.txt")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	if got, _ := os.ReadFile(filepath.Join(e.root, "out.txt")); string(got) != "joined\n" {
		t.Fatalf("out.txt = %q", got)
	}
	id := e.onlySession()
	evs := e.events(id)
	msgs := resultTexts(t, evs)
	if len(msgs) != 1 {
		t.Fatalf("%d tool-result messages, want 1", len(msgs))
	}
	// The change is snapshotted before and after, as a lone call is.
	if code, diff, _ := e.run("diff", id); code != 0 || !strings.Contains(diff, "# turn 1 · fs.write") || !strings.Contains(diff, "+joined") {
		t.Errorf("diff: exit %d:\n%s", code, diff)
	}
	want := "1 fs.read ok, 2 fs.read ok, 3 fs.read ok, 4 fs.write ok, 5 fs.read skipped"
	if got := heads(msgs[0].Text); got != want {
		t.Fatalf("results %q, want %q:\n%s", got, want, msgs[0].Text)
	}
	for _, s := range []string{"alpha-content", "beta-content", "gamma-content", "send it again in your next reply"} {
		if !strings.Contains(msgs[0].Text, s) {
			t.Errorf("the message lacks %q", s)
		}
	}
	if n := count(evs, event.EvToolStarted); n != 4 {
		t.Errorf("%d calls started, want 4", n)
	}
	if !strings.Contains(out, "Not run: it comes after <tool_call> 4 (fs.write)") {
		t.Errorf("the run's output does not report the skipped call:\n%s", out)
	}
}

// TestBatchDeniedReadDoesNotStopOthers: under --approvals deny, a read
// outside the project is denied; the other reads of the reply run and
// are answered with it.
func TestBatchDeniedReadDoesNotStopOthers(t *testing.T) {
	e := batchEnv(t, "4")
	outside := filepath.Join(t.TempDir(), "secret.txt")
	os.WriteFile(outside, []byte("outside-secret-42\n"), 0o644)
	s := e.script(
		model.ScriptLine{Reply: agentReply(false, "Read.", readXML("a.txt")+readXML(outside)+readXML("b.txt"))},
		model.ScriptLine{Expect: `<tool_results calls="3">`, Reply: agentReply(true, "a.txt and b.txt read; the other was denied.", "")},
	)
	code, out, errOut := e.run("--provider", "script", "--script", s, "--approvals", "deny", "read a.txt and b.txt")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	msgs := resultTexts(t, e.events(e.onlySession()))
	if got, want := heads(msgs[0].Text), "1 fs.read ok, 2 fs.read denied, 3 fs.read ok"; got != want {
		t.Fatalf("results %q, want %q", got, want)
	}
	if strings.Contains(msgs[0].Text, "outside-secret-42") {
		t.Fatal("the denied file reached the model")
	}
}

// TestBatchCallsPerReplySetting: `wtagent config` shows calls-per-reply
// (8 by default, the config file's value otherwise); a value outside 1..8
// is refused with the range; with calls-per-reply 1 (the seed's V1), two
// calls in a reply are a protocol error as before.
func TestBatchCallsPerReplySetting(t *testing.T) {
	e := newEnv(t)
	if _, out, _ := e.run("config"); !regexp.MustCompile(`calls-per-reply\s+8\s+default`).MatchString(out) {
		t.Errorf("config without a file:\n%s", out)
	}
	os.WriteFile(filepath.Join(e.home, "config.json"), []byte(`{"calls-per-reply": 3}`), 0o600)
	if _, out, _ := e.run("config"); !regexp.MustCompile(`calls-per-reply\s+3\s+config`).MatchString(out) {
		t.Errorf("config with calls-per-reply 3:\n%s", out)
	}
	for _, bad := range []string{"0", "9"} {
		os.WriteFile(filepath.Join(e.home, "config.json"), []byte(`{"calls-per-reply": `+bad+`}`), 0o600)
		code, _, errOut := e.run("config")
		if code != 2 || !strings.Contains(errOut, "calls-per-reply must be from 1 to 8, got "+bad) {
			t.Errorf("calls-per-reply %s: exit %d: %s", bad, code, errOut)
		}
	}
	os.WriteFile(filepath.Join(e.home, "config.json"), []byte(`{"calls-per-reply": 1}`), 0o600)
	os.WriteFile(filepath.Join(e.root, "a.txt"), []byte("a\n"), 0o644)
	s := e.script(
		model.ScriptLine{Reply: agentReply(false, "Read.", readXML("a.txt")+readXML("a.txt"))},
		model.ScriptLine{Expect: `kind="two_tools"`, Reply: agentReply(true, "Said hello.", "")},
	)
	if code, out, errOut := e.run("--provider", "script", "--script", s, "say hello"); code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
}

// TestKill9MidBatchResumesExactlyOnce: wtagent is killed in the middle of
// a batch, once after its reads and before its write (the fault hook),
// once while its command runs (kill -9); resume sends the whole batch's
// results in one message, never runs the change twice, and runs a change
// that had not started.
func TestKill9MidBatchResumesExactlyOnce(t *testing.T) {
	t.Run("before the write", func(t *testing.T) {
		e := batchEnv(t, "8")
		batch := readXML("a.txt") + readXML("b.txt") + callXML("fs.write", el("path", "runs.log"), el("content", "ran\n"), el("mode", "append"))
		s := e.script(
			model.ScriptLine{Reply: agentReply(false, "Read, then record.", batch)},
			model.ScriptLine{Expect: `<tool_results calls="3">`, Reply: agentReply(true, "Recorded one run in runs.log.", "")},
		)
		e.runKilled(t, "WTAGENT_FAULT_BATCH_KILL=before-change", "--provider", "script", "--script", s, "--approvals", "allow", "record one run")
		if _, err := os.Stat(filepath.Join(e.root, "runs.log")); err == nil {
			t.Fatal("the write ran before the kill")
		}
		id := e.onlySession()
		code, out, errOut := e.run("resume", id, "--approvals", "allow")
		if code != 0 {
			t.Fatalf("resume: exit %d\n%s\n%s", code, out, errOut)
		}
		if got, _ := os.ReadFile(filepath.Join(e.root, "runs.log")); string(got) != "ran\n" {
			t.Fatalf("runs.log = %q, want the write once", got)
		}
		msgs := resultTexts(t, e.events(id))
		if len(msgs) != 1 || heads(msgs[0].Text) != "1 fs.read ok, 2 fs.read ok, 3 fs.write ok" {
			t.Fatalf("%d messages; results %q", len(msgs), heads(msgs[len(msgs)-1].Text))
		}
	})
	t.Run("while the command runs", func(t *testing.T) {
		e := batchEnv(t, "8")
		os.WriteFile(filepath.Join(e.root, "slow.sh"), []byte("echo ran >> runs.log\nsleep 60\n"), 0o644)
		batch := readXML("a.txt") + readXML("b.txt") + callXML("terminal.exec", el("program", "sh"), items("argv", "slow.sh"))
		s := e.script(
			model.ScriptLine{Reply: agentReply(false, "Read, then run the job.", batch)},
			model.ScriptLine{Expect: `status="unknown"`, Reply: agentReply(true, "The job's outcome is unknown; I did not start it again.", "")},
		)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		cmd := e.command(ctx, "--provider", "script", "--script", s, "--approvals", "allow", "start slow.sh once")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		id := e.waitFor("the command running", func(evs []event.Event) bool {
			b, _ := os.ReadFile(filepath.Join(e.root, "runs.log"))
			return count(evs, event.EvToolStarted) == 3 && len(b) > 0
		})
		// `wtagent status` shows the call that runs.
		if code, out, _ := e.run("status", id); code != 0 || !regexp.MustCompile(`tool\s+terminal.exec sh slow.sh`).MatchString(out) {
			t.Errorf("status during the batch: exit %d:\n%s", code, out)
		}
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		waitGone(t, e.root)
		code, out, errOut := e.run("resume", id, "--approvals", "allow")
		if code != 0 {
			t.Fatalf("resume: exit %d\n%s\n%s", code, out, errOut)
		}
		if got, _ := os.ReadFile(filepath.Join(e.root, "runs.log")); string(got) != "ran\n" {
			t.Fatalf("runs.log = %q: the command ran again on resume", got)
		}
		evs := e.events(id)
		msgs := resultTexts(t, evs)
		if len(msgs) != 1 || heads(msgs[0].Text) != "1 fs.read ok, 2 fs.read ok, 3 terminal.exec unknown" {
			t.Fatalf("%d messages; results %q", len(msgs), heads(msgs[len(msgs)-1].Text))
		}
		if n := count(evs, event.EvToolStarted); n != 3 {
			t.Errorf("%d tool.started over both runs, want 3 (the reads completed before the kill)", n)
		}
	})
}

// runKilled runs wtagent with a fault hook set and checks that it died of
// SIGKILL.
func (e *env) runKilled(t *testing.T, hook string, args ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := e.command(ctx, args...)
	cmd.Env = append(cmd.Env, hook)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("wtagent was not killed by the hook %s: %v\n%s", hook, err, out.String())
	}
}

// TestBrowserBatchOneMessage runs a batch through real Chromium on the mock
// page: three reads, a write and a read after it; the page receives one
// message with the five results in order, the last one skipped.
func TestBrowserBatchOneMessage(t *testing.T) {
	needChromium(t)
	e := batchEnv(t, "8")
	batch := readXML("a.txt") + readXML("b.txt") + readXML("c.txt") +
		callXML("fs.write", el("path", "out.txt"), el("content", "joined\n")) + readXML("out.txt")
	_, url := mockPage(t, []model.ScriptLine{
		{Expect: "up to 8 <tool_call>", Reply: agentReply(false, "Read all, then write.", batch)},
		{Expect: `<tool_result call="5" name="fs.read" status="skipped">`, Reply: agentReply(true, "Wrote out.txt from a, b and c.", "")},
	}, 2*time.Millisecond)
	code, out, errOut := e.run("--chatgpt-url", url, "--headless", "--approvals", "allow", "join a, b and c into out.txt")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	if got, _ := os.ReadFile(filepath.Join(e.root, "out.txt")); string(got) != "joined\n" {
		t.Fatalf("out.txt = %q", got)
	}
	msgs := resultTexts(t, e.events(e.onlySession()))
	want := "1 fs.read ok, 2 fs.read ok, 3 fs.read ok, 4 fs.write ok, 5 fs.read skipped"
	if len(msgs) != 1 || heads(msgs[0].Text) != want {
		t.Fatalf("%d result messages; want one with %q", len(msgs), want)
	}
}
