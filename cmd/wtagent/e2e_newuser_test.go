//go:build linux

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/session"
)

// TestAtWordThatIsNoPathIsText: @types/node, @Override and @alice name no
// file in the project, so they are words of the task, not attachments.
func TestAtWordThatIsNoPathIsText(t *testing.T) {
	e := newEnv(t)
	task := "run npm i -D @types/node, keep @Override and tell @alice"
	// Offline, the install is written into package.json: the change the
	// done gate wants for "run npm i".
	s := e.script(
		model.ScriptLine{Expect: "@types/node, keep @Override and tell @alice", Reply: agentReply(false, "Add it.",
			callXML("fs.write", el("path", "package.json"), el("content", `{"devDependencies": {"@types/node": "*"}}`+"\n")))},
		model.ScriptLine{Expect: `status="ok"`, Reply: agentReply(true, "Noted.", "")})
	code, out, errOut := e.run("--provider", "script", "--script", s, task)
	if code != 0 || !strings.Contains(out, "Noted.") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
}

// TestAtTypoInThePromptKeepsTheSession: an @word that names nothing in the
// interactive prompt is sent as text, and the session goes on.
func TestAtTypoInThePromptKeepsTheSession(t *testing.T) {
	e := newEnv(t)
	s := e.script(
		model.ScriptLine{Expect: "look at @nosuchfile.go", Reply: agentReply(false, "Look.", callXML("fs.read", el("path", "nosuchfile.go")))},
		model.ScriptLine{Expect: `status="error"`, Reply: agentReply(true, "There is no such file.", "")},
		model.ScriptLine{Expect: "next question", Reply: agentReply(true, "Answered the next one.", "")},
	)
	tm := e.startPTY("--provider", "script", "--script", s)
	at := tm.waitIdle(0)
	tm.send("look at @nosuchfile.go\r")
	at = tm.waitFor("There is no such file.", at)
	at = tm.waitIdle(at)
	tm.send("next question\r")
	at = tm.waitFor("Answered the next one.", at)
	tm.waitIdle(at)
	tm.send("\x04")
	if code := tm.exit(); code != 0 {
		t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
	}
}

// TestHTMLReadGoesOutCompact: a 26 KB HTML page read with fs.read goes to
// the model within 1.1 × its size + 1.5 KB: JSON data does not escape <, >
// and & as \u003c (six bytes each).
func TestHTMLReadGoesOutCompact(t *testing.T) {
	e := newEnv(t)
	var page strings.Builder
	page.WriteString("<!doctype html>\n<html lang=\"en\">\n<body>\n")
	for i := 0; page.Len() < 26<<10; i++ {
		fmt.Fprintf(&page, "<div class=\"card\"><a href=\"/item/%d\">Item %d &amp; more</a> <span>&lt;b&gt;</span></div>\n", i, i)
	}
	page.WriteString("</body>\n</html>\n")
	if err := os.WriteFile(filepath.Join(e.root, "index.html"), []byte(page.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	s := e.script(
		model.ScriptLine{Reply: agentReply(false, "Read it.", callXML("fs.read", el("path", "index.html")))},
		model.ScriptLine{Expect: `<span>&lt;b&gt;</span>`, Reply: agentReply(true, "Read the page.", "")},
	)
	if code, out, errOut := e.run("--provider", "script", "--script", s, "read index.html"); code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	var sent string
	for _, ev := range e.events(e.onlySession()) {
		var p event.MessageSentPayload
		if ev.Type == event.EvModelMessageSending && json.Unmarshal(ev.Payload, &p) == nil && p.Kind == event.OutboundToolResult {
			sent = p.Text
		}
	}
	limit := page.Len()*11/10 + 1536
	if sent == "" || len(sent) > limit || strings.Contains(sent, `\u003c`) {
		t.Fatalf("the tool result for a %d-byte page is %d bytes (limit %d)", page.Len(), len(sent), limit)
	}
	t.Logf("a %d-byte page went out as a %d-byte tool result (%.2f×)", page.Len(), len(sent), float64(len(sent))/float64(page.Len()))
}

// TestSIGHUPStopsLikeSIGTERM: the terminal closing (SIGHUP) stops the run
// now: the command's whole tree dies (a setsid grandchild too), the run is
// recorded as cancelled, and the session resumes.
func TestSIGHUPStopsLikeSIGTERM(t *testing.T) {
	e := newEnv(t)
	os.WriteFile(filepath.Join(e.root, "slow.sh"), []byte("echo ran >> runs.log\nsetsid sleep 60 &\nsleep 60\n"), 0o644)
	s := e.script(
		model.ScriptLine{Reply: agentReply(false, "Run the slow job.", callXML("terminal.exec", el("program", "sh"), items("argv", "slow.sh")))},
		model.ScriptLine{Reply: agentReply(true, "Stopped.", "")},
	)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := e.command(ctx, "--provider", "script", "--script", s, "start the slow job")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	id := e.waitFor("the job to run", func(evs []event.Event) bool {
		b, _ := os.ReadFile(filepath.Join(e.root, "runs.log"))
		return count(evs, event.EvToolStarted) == 1 && len(b) > 0 && len(sleepers(t, e.root)) >= 2
	})
	if err := cmd.Process.Signal(syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 130 {
		t.Fatalf("after SIGHUP: %v, want exit 130", err)
	}
	if left := sleepers(t, e.root); len(left) != 0 {
		t.Fatalf("processes survive SIGHUP: %v", left)
	}
	if n := count(e.events(id), event.EvRunCancelled); n != 1 {
		t.Fatalf("%d run.cancelled events, want 1", n)
	}
	// Another script file answers from its first line.
	resumed := e.script(model.ScriptLine{Reply: agentReply(true, "Resumed.", "")})
	code, out, errOut := e.run("resume", id, "--provider", "script", "--script", resumed)
	if code != 0 || !strings.Contains(out, "Resumed.") {
		t.Fatalf("resume: exit %d\n%s\n%s", code, out, errOut)
	}
}

// TestModelMessageIsSanitised: escape sequences in the model's message
// (an OSC 52 clipboard write, a window title, clear-screen) never reach the
// terminal; its newlines and tabs do.
func TestModelMessageIsSanitised(t *testing.T) {
	e := newEnv(t)
	msg := "Look:\x1b]52;c;cm0gLXJmIH4=\x07 copied\x1b]0;pwned\x07\x1b[2J\x1b[H\n\tindented line"
	s := e.script(
		model.ScriptLine{Reply: agentReply(false, msg, callXML("fs.list", el("path", ".")))},
		model.ScriptLine{Reply: agentReply(true, "Done\x1b]52;c;ZXZpbA==\x07 here.", "")},
	)
	tm := e.startPTY("--provider", "script", "--script", s, "look around")
	tm.waitFor("Done here.", 0)
	if code := tm.exit(); code != 0 {
		t.Fatalf("exit %d; screen:\n%q", code, tm.screen())
	}
	screen := tm.screen()
	for _, bad := range []string{"\x1b]52", "\x1b]0;pwned", "\x1b[2J", "cm0gLXJmIH4=", "ZXZpbA=="} {
		if strings.Contains(screen, bad) {
			t.Errorf("the terminal got %q; screen:\n%q", bad, screen)
		}
	}
	if !strings.Contains(screen, "Look: copied") || !strings.Contains(screen, "\tindented line") {
		t.Errorf("the message's text, newline or tab is lost; screen:\n%q", screen)
	}
}

// TestApprovalBoxComesAfterTheToolLine: each approval box is drawn after
// the model's message and the tool line it asks about.
func TestApprovalBoxComesAfterTheToolLine(t *testing.T) {
	e := newEnv(t)
	outside := t.TempDir()
	var lines []model.ScriptLine
	for i := range 4 {
		p := filepath.Join(outside, fmt.Sprintf("n%d.txt", i))
		os.WriteFile(p, []byte("x\n"), 0o644)
		lines = append(lines, model.ScriptLine{Reply: agentReply(false, fmt.Sprintf("Reading note %d.", i), callXML("fs.read", el("path", p)))})
	}
	lines = append(lines, model.ScriptLine{Reply: agentReply(true, "Read all notes.", "")})
	tm := e.startPTY("--provider", "script", "--script", e.script(lines...), "--approvals", "prompt", "read my notes")
	at := 0
	for i := range 4 {
		box := tm.waitFor("approval needed", at)
		screen := tm.screen()
		msg := strings.Index(screen[at:], fmt.Sprintf("Reading note %d.", i))
		tool := strings.Index(screen[at:], "▸ fs.read")
		if msg < 0 || tool < 0 || at+tool > box {
			t.Fatalf("approval %d came before the message (%d) or the tool line (%d); screen:\n%s", i, msg, tool, screen[at:])
		}
		// The question is drawn in the live region: only what differs
		// from the previous question (the file's name) is written again.
		at = tm.waitQuestion(4, fmt.Sprintf("n%d.txt", i))
		tm.send("y")
	}
	tm.waitFor("Read all notes.", at)
	if code := tm.exit(); code != 0 {
		t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
	}
}

// TestStartUpErrorLeavesNoSession: a missing or malformed script is a
// usage error (exit 2) and creates no session.
func TestStartUpErrorLeavesNoSession(t *testing.T) {
	e := newEnv(t)
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	os.WriteFile(bad, []byte("{not json\n"), 0o644)
	for _, script := range []string{filepath.Join(t.TempDir(), "missing.jsonl"), bad} {
		code, _, errOut := e.run("--provider", "script", "--script", script, "do it")
		if code != 2 || !strings.Contains(errOut, "--script") {
			t.Errorf("script %s: exit %d, want 2: %s", script, code, errOut)
		}
	}
	if code, _, _ := e.run("--approvals", "sometimes", "do it"); code != 2 {
		t.Errorf("bad --approvals: exit %d, want 2", code)
	}
	if list := e.sessions(); len(list) != 0 {
		t.Fatalf("start-up errors left %d sessions: %+v", len(list), list)
	}
	code, out, _ := e.run("status", "--all")
	if code != 0 || !strings.Contains(out, "no live sessions") {
		t.Fatalf("status --all: exit %d:\n%s", code, out)
	}
}

// TestStatusHidesDeadSessionsAndSessionsRmPrune: status lists live
// sessions only, --all adds a dead one; sessions rm and prune delete
// sessions that are not running.
func TestStatusHidesDeadSessionsAndSessionsRmPrune(t *testing.T) {
	e := newEnv(t)
	done := e.script(model.ScriptLine{Reply: agentReply(true, "Nothing to do.", "")})
	if code, out, errOut := e.run("--provider", "script", "--script", done, "look"); code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	finished := e.onlySession()
	slow := e.script(model.ScriptLine{Reply: agentReply(true, "Done.", ""), DelayMS: 60000})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cmd := e.command(ctx, "--provider", "script", "--script", slow, "wait for me")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var dead string
	e.watch().until(t, "the second run's first turn", func() bool {
		for _, s := range e.sessions() {
			if evs, _, err := session.ReadEvents(filepath.Join(e.home, "sessions", s.ID, "events.jsonl")); err == nil && s.ID != finished && count(evs, event.EvModelMessageSent) == 1 {
				dead = s.ID
			}
		}
		return dead != ""
	})
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()

	code, out, _ := e.run("status")
	if code != 0 || strings.Contains(out, dead) || strings.Contains(out, finished) || !strings.Contains(out, "2 more not running") {
		t.Fatalf("status shows sessions that are not running: exit %d:\n%s", code, out)
	}
	code, out, _ = e.run("status", "--all")
	if code != 0 || !strings.Contains(out, dead) || !strings.Contains(out, "wtagent resume "+dead) || !strings.Contains(out, finished) {
		t.Fatalf("status --all: exit %d:\n%s", code, out)
	}

	if code, out, _ = e.run("sessions", "rm", dead); code != 0 || !strings.Contains(out, "removed "+dead) {
		t.Fatalf("sessions rm: exit %d: %s", code, out)
	}
	if code, _, _ = e.run("sessions", "rm", dead); code == 0 {
		t.Fatal("removing a removed session succeeded")
	}
	if code, out, _ = e.run("sessions", "prune", "--dry-run", "--older-than", "0s"); code != 0 || !strings.Contains(out, "would remove "+finished) {
		t.Fatalf("prune --dry-run: exit %d: %s", code, out)
	}
	if len(e.sessions()) != 1 {
		t.Fatal("--dry-run removed something")
	}
	if code, out, _ = e.run("sessions", "prune", "--older-than", "0s"); code != 0 || !strings.Contains(out, "removed "+finished) {
		t.Fatalf("prune: exit %d: %s", code, out)
	}
	if n := len(e.sessions()); n != 0 {
		t.Fatalf("%d sessions left after prune", n)
	}
}
