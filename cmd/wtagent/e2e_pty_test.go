//go:build linux

package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"

	"github.com/wtagent/wtagent/model"
)

// term is wtagent running on a real pseudo-terminal.
type term struct {
	t    *testing.T
	cmd  *exec.Cmd
	ptmx *os.File
	mu   sync.Mutex
	out  bytes.Buffer
	cols int
	grew chan struct{} // closed and replaced whenever out grows
	done chan struct{}
}

func (e *env) startPTY(args ...string) *term {
	e.t.Helper()
	return e.startPTYCols(120, args...)
}

// ptyRows is the height of the tests' terminals.
const ptyRows = 40

// startPTYCols is startPTY on a terminal of the given width (ptyRows rows).
func (e *env) startPTYCols(cols int, args ...string) *term {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	e.t.Cleanup(cancel)
	cmd := e.command(ctx, args...)
	cmd.Env = append(cmd.Env, "TERM=xterm-256color")
	ptmx, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: ptyRows, Cols: uint16(cols)})
	if err != nil {
		e.t.Fatal(err)
	}
	tm := &term{t: e.t, cmd: cmd, ptmx: ptmx, cols: cols, grew: make(chan struct{}), done: make(chan struct{})}
	go tm.collect(ptmx)
	e.t.Cleanup(func() {
		cmd.Process.Kill()
		ptmx.Close()
	})
	return tm
}

// collect gathers what r yields (the program's output) into out until r
// ends, waking the waiters at each read, then closes done.
func (tm *term) collect(r io.Reader) {
	defer close(tm.done)
	buf := make([]byte, 4096)
	for {
		n, err := r.Read(buf)
		tm.mu.Lock()
		tm.out.Write(buf[:n])
		if n > 0 {
			close(tm.grew)
			tm.grew = make(chan struct{})
		}
		tm.mu.Unlock()
		if err != nil {
			return
		}
	}
}

// screen is everything printed so far.
func (tm *term) screen() string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return tm.out.String()
}

// waitFor waits until the output holds s (counting from offset since),
// woken by each new output; it fails when the terminal closes first, or
// after a hang guard of three minutes.
func (tm *term) waitFor(s string, since int) int {
	tm.t.Helper()
	return tm.waitUntil(fmt.Sprintf("%q", s), func(out string) (int, bool) {
		if since <= len(out) {
			if i := strings.Index(out[since:], s); i >= 0 {
				return since + i + len(s), true
			}
		}
		return 0, false
	})
}

// waitIdle waits until the idle prompt shows, empty, as the last row of
// the screen, after offset since (see waitInput).
func (tm *term) waitIdle(since int) int {
	tm.t.Helper()
	return tm.waitInput("you › ", since)
}

// waitInput waits until the input line reads line (prompt and text) as
// the last row of the screen, after offset since. The terminal's owner
// inserts finished output above its live region and redraws only the
// cells of the region that changed, so an input line that did not change,
// or changed only in part, is not written again whole: what counts is the
// screen a user sees, replayed in a VT emulator.
func (tm *term) waitInput(line string, since int) int {
	tm.t.Helper()
	return tm.waitUntil(fmt.Sprintf("the input line %q", line), func(out string) (int, bool) {
		if since > len(out) {
			return 0, false
		}
		if i := strings.Index(out[since:], line); i >= 0 {
			return since + i + len(line), true
		}
		if since == len(out) {
			return 0, false
		}
		tail := tm.lastRows(out, 1)
		return len(out), len(tail) == 1 && tail[0] == strings.TrimRight(line, " ")
	})
}

// waitLive waits until the last n rows of the screen, joined, hold every
// one of want; see waitInput. A long line wraps over rows between words,
// its continuation indented (a word longer than a row is cut): white
// space is not compared.
func (tm *term) waitLive(n int, want ...string) int {
	tm.t.Helper()
	return tm.waitUntil(fmt.Sprintf("the live rows to show %q", want), func(out string) (int, bool) {
		tail := withoutSpace(strings.Join(tm.lastRows(out, n), ""))
		for _, w := range want {
			if !strings.Contains(tail, withoutSpace(w)) {
				return 0, false
			}
		}
		return len(out), true
	})
}

// withoutSpace returns s without its white space.
func withoutSpace(s string) string { return strings.Join(strings.Fields(s), "") }

// lastRows returns the last n non-blank rows of out replayed on the
// terminal's screen.
func (tm *term) lastRows(out string, n int) []string {
	rows := vtRows(out, tm.cols, ptyRows)
	end := len(rows)
	for end > 0 && rows[end-1] == "" {
		end--
	}
	return rows[max(0, end-n):end]
}

// waitUntil waits until done accepts the output, woken by each new output;
// it fails when the terminal closes first, or after a hang guard of three
// minutes.
func (tm *term) waitUntil(what string, done func(out string) (int, bool)) int {
	tm.t.Helper()
	hang := time.NewTimer(3 * time.Minute)
	defer hang.Stop()
	for {
		tm.mu.Lock()
		out, grew := tm.out.String(), tm.grew
		tm.mu.Unlock()
		if at, ok := done(out); ok {
			return at
		}
		select {
		case <-grew:
		case <-tm.done:
			if at, ok := done(tm.screen()); ok {
				return at
			}
			tm.t.Fatalf("the terminal closed before %s; screen:\n%s", what, tm.screen())
		case <-hang.C:
			tm.t.Fatalf("timed out waiting for %s; screen:\n%s", what, tm.screen())
		}
	}
}

func (tm *term) send(s string) {
	tm.t.Helper()
	if _, err := io.WriteString(tm.ptmx, s); err != nil {
		tm.t.Fatal(err)
	}
}

// exit waits (a minute at most) for the process and returns its exit code.
func (tm *term) exit() int {
	tm.t.Helper()
	waited := make(chan error, 1)
	go func() { waited <- tm.cmd.Wait() }()
	var err error
	select {
	case err = <-waited:
	case <-time.After(hangGuard):
		tm.cmd.Process.Kill()
		<-waited
		tm.t.Fatalf("wtagent did not exit; screen:\n%s", tm.screen())
	}
	<-tm.done
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	if err != nil {
		tm.t.Fatal(err)
	}
	return 0
}

func TestInteractivePromptKeepsChattingAndHistory(t *testing.T) {
	e := newEnv(t)
	s := e.script(
		model.ScriptLine{Expect: "first line\nsecond line", Reply: agentReply(true, "Answered the two-line question.", "")},
		model.ScriptLine{Expect: "follow up", Reply: agentReply(true, "Answered the follow-up.", "")},
	)
	tm := e.startPTY("--provider", "script", "--script", s)
	at := tm.waitIdle(0)
	// A bracketed paste keeps its newline and does not submit.
	tm.send("\x1b[200~first line\r\nsecond line\x1b[201~")
	at = tm.waitFor("second line", at) // the editor shows the paste
	tm.send("\r")
	at = tm.waitFor("Answered the two-line question.", at)
	at = tm.waitIdle(at)
	tm.send("follow up\r")
	at = tm.waitFor("Answered the follow-up.", at)
	tm.waitIdle(at)
	tm.send("\x04") // Ctrl+D
	if code := tm.exit(); code != 0 {
		t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
	}
	if n := len(e.sessions()); n != 1 {
		t.Fatalf("%d sessions, want one for the whole chat", n)
	}
	hist, err := os.ReadFile(filepath.Join(e.home, "history.jsonl"))
	if err != nil || !strings.Contains(string(hist), `"follow up"`) || !strings.Contains(string(hist), `first line\nsecond line`) {
		t.Fatalf("history %q, %v", hist, err)
	}
	// A new run recalls the previous input with ↑.
	s2 := e.script(model.ScriptLine{Expect: "follow up", Reply: agentReply(true, "Recalled.", "")})
	tm2 := e.startPTY("--provider", "script", "--script", s2)
	at = tm2.waitIdle(0)
	tm2.send("\x1b[A")
	at = tm2.waitFor("follow up", at)
	tm2.send("\r")
	at = tm2.waitFor("Recalled.", at)
	tm2.waitIdle(at)
	tm2.send("\x04")
	if code := tm2.exit(); code != 0 {
		t.Fatalf("second run exit %d; screen:\n%s", code, tm2.screen())
	}
	// The actor engine's routine chatter (dead letters while the tree
	// stops) goes to the session log, never to the terminal.
	for _, screen := range []string{tm.screen(), tm2.screen()} {
		if strings.Contains(screen, "dead letter") {
			t.Fatalf("engine events on the terminal:\n%s", screen)
		}
	}
}

func TestApprovalPromptOnATerminal(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "notes.txt")
	os.WriteFile(outside, []byte("outside-notes-7\n"), 0o644)
	for _, c := range []struct {
		key, expect string
	}{{"y", "outside-notes-7"}, {"n", `status="denied"`}} {
		t.Run(c.key, func(t *testing.T) {
			e := newEnv(t)
			s := e.script(
				model.ScriptLine{Reply: agentReply(false, "Read the notes.", callXML("fs.read", el("path", outside)))},
				model.ScriptLine{Expect: c.expect, Reply: agentReply(true, "Handled the notes.", "")},
			)
			tm := e.startPTY("--provider", "script", "--script", s, "--approvals", "prompt", "read my notes")
			at := tm.waitFor("approval needed", 0)
			at = tm.waitFor("[y] allow once", at)
			tm.send(c.key)
			tm.waitFor("Handled the notes.", at)
			if code := tm.exit(); code != 0 {
				t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
			}
		})
	}
}

func TestCtrlCPausesThenStops(t *testing.T) {
	e := newEnv(t)
	slow := model.ScriptLine{Reply: agentReply(true, "Done.", ""), DelayMS: 60000}
	// Twice: stop now, exit 130, the session stays resumable.
	tm := e.startPTY("--provider", "script", "--script", e.script(slow), "wait")
	at := tm.waitFor("ChatGPT is thinking", 0)
	tm.send("\x03")
	at = tm.waitFor("pausing after the current step", at)
	tm.send("\x03")
	tm.waitFor("cancelled", at)
	if code := tm.exit(); code != 130 {
		t.Fatalf("exit %d after two Ctrl+C, want 130; screen:\n%s", code, tm.screen())
	}
	// Once: the run pauses after the current step and exits 3.
	e2 := newEnv(t)
	quick := model.ScriptLine{Reply: agentReply(false, "Write.", callXML("fs.write", el("path", "a.txt"), el("content", "a"))), DelayMS: 1500}
	tm = e2.startPTY("--provider", "script", "--script", e2.script(quick), "write a")
	at = tm.waitFor("ChatGPT is thinking", 0)
	tm.send("\x03")
	tm.waitFor("resume with", at)
	if code := tm.exit(); code != 3 {
		t.Fatalf("exit %d after one Ctrl+C, want 3; screen:\n%s", code, tm.screen())
	}
	if _, err := os.Stat(filepath.Join(e2.root, "a.txt")); err == nil {
		t.Fatal("the call proposed after the pause ran anyway")
	}
}

// TestDevServerKeptOrStoppedAtTheEnd: with a dev server still running at
// the end, a terminal user is asked; "s" stops it.
func TestDevServerKeptOrStoppedAtTheEnd(t *testing.T) {
	e := newEnv(t)
	s := e.script(
		model.ScriptLine{Reply: agentReply(false, "Serve.", callXML("process.start", el("program", "python3"),
			items("argv", "-m", "http.server", "0", "--bind", "127.0.0.1")))},
		model.ScriptLine{Expect: "http://127.0.0.1:", Reply: agentReply(true, "Serving.", "")},
	)
	tm := e.startPTY("--provider", "script", "--script", s, "serve the folder")
	at := tm.waitFor("keep them running?", 0)
	if !strings.Contains(tm.screen(), "still running: proc_") {
		t.Fatalf("the question does not say what runs; screen:\n%s", tm.screen())
	}
	// The summary comes first, then the question.
	scr := tm.screen()
	q := strings.Index(scr, "still running: proc_")
	for _, want := range []string{"✔ done", "Serving.", "Running at"} {
		if i := strings.Index(scr, want); i < 0 || i > q {
			t.Fatalf("%q is not on screen before the keep/stop question; screen:\n%s", want, scr)
		}
	}
	tm.send("s")
	tm.waitFor("stopped 1 dev server", at)
	if code := tm.exit(); code != 0 {
		t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
	}
	if s := staircases(tm.screen()); len(s) > 0 {
		t.Fatalf("lines written in raw mode without a carriage return (a staircase): %q", s)
	}
	if left := sleepers(t, e.root); len(left) != 0 {
		t.Fatalf("the dev server survived: %v", names(left))
	}
}

// staircases replays a terminal's output (as the terminal got it, raw
// mode included) into a VT emulator of the test terminal's width and
// lists the rows a staircase would leave: a newline written in raw mode
// without a carriage return moves down but not back to the first column,
// so the next line starts far to the right. wtagent's own lines start at
// most a few cells in (output and diffs are indented by four).
func staircases(out string) []string {
	var bad []string
	for _, r := range vtRows(out, 120, 400) {
		if len(r)-len(strings.TrimLeft(r, " ")) > 6 {
			bad = append(bad, r)
		}
	}
	return bad
}

// TestPromptHistoryWithoutAHistoryFile: when the history file cannot be
// opened the prompt still recalls the lines of this run with ↑.
func TestPromptHistoryWithoutAHistoryFile(t *testing.T) {
	e := newEnv(t)
	if err := os.MkdirAll(filepath.Join(e.home, "history.jsonl"), 0o700); err != nil { // a directory: no file
		t.Fatal(err)
	}
	s := e.script(
		model.ScriptLine{Expect: "only in memory", Reply: agentReply(true, "First answer.", "")},
		model.ScriptLine{Expect: "only in memory", Reply: agentReply(true, "Recalled from memory.", "")},
	)
	tm := e.startPTY("--provider", "script", "--script", s)
	at := tm.waitIdle(0)
	tm.send("only in memory\r")
	at = tm.waitFor("First answer.", at)
	at = tm.waitIdle(at)
	tm.send("\x1b[A")
	at = tm.waitInput("you › only in memory", at)
	tm.send("\r")
	at = tm.waitFor("Recalled from memory.", at)
	tm.waitIdle(at)
	tm.send("\x04")
	if code := tm.exit(); code != 0 {
		t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
	}
}
