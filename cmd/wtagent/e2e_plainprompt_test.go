//go:build linux

package main

import (
	"context"
	"io"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"
)

// startPlainPrompt runs wtagent with stdin on a terminal and stdout and
// stderr on a pipe: no program owns the terminal, the prompt reads plain
// lines with the terminal in cooked mode. tm.send types on the terminal,
// tm.screen is what went to the pipe.
func (e *env) startPlainPrompt(args ...string) *term {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	e.t.Cleanup(cancel)
	master, tty, err := pty.Open()
	if err != nil {
		e.t.Fatal(err)
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		e.t.Fatal(err)
	}
	cmd := e.command(ctx, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, pw, pw
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	if err := cmd.Start(); err != nil {
		e.t.Fatal(err)
	}
	tty.Close()
	pw.Close()
	go io.Copy(io.Discard, master) // the terminal's echo
	tm := &term{t: e.t, cmd: cmd, ptmx: master, cols: 120, grew: make(chan struct{}), done: make(chan struct{})}
	go tm.collect(pr)
	e.t.Cleanup(func() {
		cmd.Process.Kill()
		master.Close()
		pr.Close()
	})
	return tm
}

// TestPromptOnACookedTerminalEndsOnCtrlC: with stdout not a terminal the
// interactive prompt reads a plain line typed on the terminal (the
// kernel edits it), writes no escape sequence, and Ctrl+C at the prompt
// (a signal in cooked mode) ends the session.
func TestPromptOnACookedTerminalEndsOnCtrlC(t *testing.T) {
	e := newEnv(t)
	tm := e.startPlainPrompt("--provider", "script", "--script", e.doneScript(1))
	at := tm.waitFor("you › ", 0)
	tm.send("hellp\x7fo\r") // the kernel's erase
	at = tm.waitFor("Done here.", at)
	tm.waitFor("you › ", at)
	tm.send("\x03")
	if code := tm.exit(); code != 0 {
		t.Fatalf("exit %d after Ctrl+C at the prompt; output:\n%s", code, tm.screen())
	}
	if out := tm.screen(); strings.ContainsRune(out, '\x1b') {
		t.Fatalf("escape sequences on a plain output:\n%q", out)
	}
	hist, err := os.ReadFile(e.home + "/history.jsonl")
	if err != nil || string(hist) != "\"hello\"\n" {
		t.Fatalf("history %q, %v; want the line typed", hist, err)
	}
}
