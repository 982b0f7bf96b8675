//go:build linux

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/charmbracelet/x/ansi"

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
			tm.waitFor("approval needed", 0)
			at := tm.waitQuestion(4)
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
			tm.waitFor("approval needed", 0)
			at = tm.waitQuestion(4)
			tm.send("y")
			tm.waitFor("Built.", at)
			if code := tm.exit(); code != 0 {
				t.Fatalf("resume exit %d; screen:\n%s", code, tm.screen())
			}
		})
	}
}

// TestDoneSummaryIsThisRequests: each "✔ done" reports what its own
// request did. A command's changes (a deleted data/records.csv, a new
// app.bin) are listed as the checkpoints see them; a later "thanks" says
// "No changes" instead of repeating the first task's files; a denied call
// is listed as denied. 80 columns, English and Chinese.
func TestDoneSummaryIsThisRequests(t *testing.T) {
	for _, c := range []struct{ name, build, thanks, remove string }{
		{"english", "Tidied the project.", "You're welcome.", "I could not read the notes."},
		{"chinese", "项目已整理好。", "不客气。", "没能读到笔记。"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			// A tree of data is asked about (deleting a build's output
			// would run unasked since #46).
			os.MkdirAll(filepath.Join(e.root, "data"), 0o755)
			os.WriteFile(filepath.Join(e.root, "data", "records.csv"), []byte("id\n1\n"), 0o644)
			outside := filepath.Join(t.TempDir(), "notes.txt")
			os.WriteFile(outside, []byte("keep\n"), 0o644)
			s := e.script(
				model.ScriptLine{Reply: agentReply(false, "Cleaning.", callXML("terminal.exec", el("program", "sh"),
					items("argv", "-c", "rm -r data; echo bin > app.bin")))},
				model.ScriptLine{Reply: agentReply(true, c.build, "")},
				model.ScriptLine{Reply: agentReply(true, c.thanks, "")},
				model.ScriptLine{Reply: agentReply(false, "Reading.", callXML("fs.read", el("path", outside)))},
				model.ScriptLine{Reply: agentReply(true, c.remove, "")},
			)
			tm := e.startPTYCols(80, "--provider", "script", "--script", s, "--approvals", "prompt")
			at := tm.waitIdle(0)
			tm.send("delete data/ and create app.bin\r")
			tm.waitFor("approval needed", at)
			at = tm.waitQuestion(4)
			tm.send("y")
			at = tm.waitFor(c.build, at)
			first := tm.waitIdle(at)
			tm.send("thanks\r")
			at = tm.waitFor(c.thanks, first)
			second := tm.waitIdle(at)
			tm.send("read my notes\r")
			tm.waitFor("approval needed", second)
			at = tm.waitQuestion(4)
			tm.send("n")
			at = tm.waitFor(c.remove, at)
			third := tm.waitIdle(at)
			tm.send("\x04")
			if code := tm.exit(); code != 0 {
				t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
			}
			screen := tm.screen()
			one, two, three := screen[:first], screen[first:second], screen[second:third]
			changed := one[max(0, strings.LastIndex(one, "Changed files")):]
			for _, want := range []string{"Changed files", "app.bin", "data/records.csv"} {
				if !strings.Contains(changed, want) {
					t.Errorf("the first summary's changed files lack %q:\n%s", want, one)
				}
			}
			if strings.Contains(two, "Changed files") || strings.Contains(two, "app.bin") || !strings.Contains(two, "No changes") {
				t.Errorf("the summary of \"thanks\" is not \"No changes\":\n%s", two)
			}
			if strings.Contains(three, "Changed files") || !strings.Contains(three, "Denied") || !strings.Contains(three, "fs.read "+outside) {
				t.Errorf("the third summary does not list the denied call alone:\n%s", three)
			}
		})
	}
}

// TestApprovalOptionsOnceInTheScrollback: once answered, the approval's
// options line is in the scrollback once, with the key pressed, at 80
// and 120 columns, for an English and a Chinese task.
func TestApprovalOptionsOnceInTheScrollback(t *testing.T) {
	for _, c := range []struct {
		name string
		cols int
		msg  string
	}{{"english80", 80, "Reading the notes."}, {"chinese80", 80, "我先读一下笔记。"}, {"english120", 120, "Reading the notes."}} {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			outside := filepath.Join(t.TempDir(), "notes.txt")
			os.WriteFile(outside, []byte("outside-notes-7\n"), 0o644)
			s := e.script(
				model.ScriptLine{Reply: agentReply(false, c.msg, callXML("fs.read", el("path", outside)))},
				model.ScriptLine{Reply: agentReply(true, "Handled the notes.", "")},
			)
			tm := e.startPTYCols(c.cols, "--provider", "script", "--script", s, "--approvals", "prompt", "read my notes")
			tm.waitFor("approval needed", 0)
			at := tm.waitQuestion(4)
			tm.send("y")
			tm.waitFor("Handled the notes.", at)
			if code := tm.exit(); code != 0 {
				t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
			}
			rows := vtRows(tm.screen(), c.cols, ptyRows)
			text := strings.Join(rows, "\n")
			if n := strings.Count(text, "[y] allow once"); n != 1 {
				t.Fatalf("the options line is on the screen %d times, want once:\n%s", n, text)
			}
			if !strings.Contains(strings.Join(rows, ""), "[n] deny › y") {
				t.Fatalf("the answered options line does not show the key:\n%s", text)
			}
		})
	}
}

// TestHangUpAtAPromptEndsTheSession: SIGHUP (the terminal closed) or
// SIGTERM at the idle prompt after a finished task ends the session as an
// exit does, asking nothing: the process ends, a dev server still running
// is stopped, the session is not left running. Before, the session ignored both and kept running.
func TestHangUpAtAPromptEndsTheSession(t *testing.T) {
	for _, c := range []struct {
		name  string
		sig   syscall.Signal
		serve bool
		task  string
	}{
		{"hup-at-prompt", syscall.SIGHUP, false, "say hi"},
		{"term-at-prompt-chinese", syscall.SIGTERM, false, "你好，打个招呼"},
		{"hup-with-a-dev-server", syscall.SIGHUP, true, "serve the folder"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			var lines []model.ScriptLine
			if c.serve {
				lines = append(lines, model.ScriptLine{Reply: agentReply(false, "Serve.", callXML("process.start", el("program", "python3"),
					items("argv", "-m", "http.server", "0", "--bind", "127.0.0.1")))})
			}
			lines = append(lines, model.ScriptLine{Reply: agentReply(true, "Hello there. 你好。", "")})
			tm := e.startPTYCols(80, "--provider", "script", "--script", e.script(lines...))
			at := tm.waitIdle(0)
			tm.send(c.task + "\r")
			at = tm.waitFor("你好。", at)
			tm.waitIdle(at)
			if err := tm.cmd.Process.Signal(c.sig); err != nil {
				t.Fatal(err)
			}
			if code := tm.exit(); code != 0 {
				t.Fatalf("exit %d after the hang-up, want 0 (the task was done); screen:\n%s", code, tm.screen())
			}
			if left := sleepers(t, e.root); len(left) != 0 {
				t.Fatalf("processes survive the hang-up: %v", names(left))
			}
			code, out, _ := e.run("status")
			if code != 0 || strings.Contains(out, e.onlySession()) {
				t.Fatalf("status after the hang-up (exit %d) still lists the session:\n%s", code, out)
			}
		})
	}
}

// bigTask is a task of about a megabyte, in words.
func bigTask(n int) []string {
	words := make([]string, n)
	for i := range words {
		words[i] = fmt.Sprintf("word%d", i)
	}
	return words
}

// TestMegabyteTaskWorks: a task of a megabyte (given as words on the
// command line) runs: the whole task is in the event log, session.json
// keeps a title, `wtagent sessions` lists the session (never
// "unreadable") and it resumes. Before, the session could not be created
// ("session state too large") and left an unreadable entry behind.
func TestMegabyteTaskWorks(t *testing.T) {
	e := newEnv(t)
	words := bigTask(110000)
	task := strings.Join(words, " ")
	s := e.script(
		model.ScriptLine{Reply: agentReply(true, "Read the whole list.", "")},
		model.ScriptLine{Reply: agentReply(true, "Still here.", "")},
	)
	code, out, errOut := e.run(append([]string{"--provider", "script", "--script", s}, words...)...)
	if code != 0 || !strings.Contains(out, "Read the whole list.") {
		t.Fatalf("a 1 MB task: exit %d\n%s\n%s", code, out, errOut)
	}
	id := e.onlySession()
	var started event.RunStartedPayload
	for _, ev := range e.events(id) {
		if ev.Type == event.EvRunStarted {
			if err := event.DecodePayload(ev, &started); err != nil {
				t.Fatal(err)
			}
		}
	}
	if started.Task != task {
		t.Fatalf("the logged task is %d bytes, want the whole %d", len(started.Task), len(task))
	}
	code, out, _ = e.run("sessions")
	if code != 0 || strings.Contains(out, "unreadable") || !strings.Contains(out, "word0 word1") {
		t.Fatalf("sessions (exit %d):\n%.2000s", code, out)
	}
	code, out, errOut = e.run("resume", id, "--provider", "script", "--script", s, "thanks")
	if code != 0 || !strings.Contains(out, "Still here.") {
		t.Fatalf("resume: exit %d\n%.2000s\n%.2000s", code, out, errOut)
	}
}

// TestMegabytePasteAtThePrompt: a megabyte pasted at `you ›` (80
// columns) is sent whole and the session goes on to the next prompt;
// the input region never grows past the screen and the scrollback shows
// the start of it. Before, the paste ended the whole session.
func TestMegabytePasteAtThePrompt(t *testing.T) {
	e := newEnv(t)
	task := strings.Join(bigTask(110000), " ") + " 最后一个词"
	tm := e.startPTYCols(80, "--provider", "script", "--script", e.script(
		model.ScriptLine{Reply: agentReply(true, "Read the pasted list.", "")},
		model.ScriptLine{Reply: agentReply(true, "Fine.", "")},
	))
	at := tm.waitIdle(0)
	tm.send("\x1b[200~" + task + "\x1b[201~")
	at = tm.waitFor("最后一个词", at)
	tm.send("\r")
	at = tm.waitFor("Read the pasted list.", at)
	at = tm.waitIdle(at)
	tm.send("ok\r")
	at = tm.waitFor("Fine.", at)
	tm.waitIdle(at)
	tm.send("\x04")
	if code := tm.exit(); code != 0 {
		t.Fatalf("exit %d; screen:\n%.3000s", code, tm.screen())
	}
	if got := e.tasks(); len(got) != 2 || got[0] != task {
		t.Fatalf("the pasted task did not reach the session whole (%d tasks)", len(got))
	}
	if flat := strings.Join(strings.Fields(ansi.Strip(tm.screen())), " "); !strings.Contains(flat, "more bytes, sent whole)") {
		t.Fatalf("the scrollback does not say the pasted task was cut for the screen")
	}
	if len(tm.screen()) > 512<<10 {
		t.Fatalf("%d bytes written to the terminal for a 1 MB paste: the input region is not bounded by the screen", len(tm.screen()))
	}
}

// TestWrapsAtWordsAt80Columns: at 80 columns the first screen's hint,
// the sandbox banner, the approval options, the /help rows and the done
// message wrap between words (CJK between characters), a continuation
// indented under its block; a tool line cut to fit keeps its duration on
// the row. Before, every long line broke mid-word at column 0 ("Ctrl+D
// q" / "uits", a lone ")").
func TestWrapsAtWordsAt80Columns(t *testing.T) {
	const cols = 80
	for _, c := range []struct{ name, done string }{
		{"english", "Hello there, this reply is long enough to wrap over the edge of an eighty column terminal without breaking any of its words apart."},
		{"chinese", "你好！这是一条足够长的中文回复，它会在八十列的终端边缘按字符换行，而且续行要缩进到正文的下面，不能从第零列开始。"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			outside := filepath.Join(t.TempDir(), "notes.txt")
			os.WriteFile(outside, []byte("x\n"), 0o644)
			long := "a-rather-long-directory-name/another-long-directory-name/file.txt"
			s := e.script(
				model.ScriptLine{Reply: agentReply(false, "Writing.", callXML("fs.write", el("path", long), el("content", "x")))},
				model.ScriptLine{Reply: agentReply(false, "Reading.", callXML("fs.read", el("path", outside)))},
				model.ScriptLine{Reply: agentReply(true, c.done, "")},
			)
			tm := e.startPTYCols(cols, "--provider", "script", "--script", s, "--approvals", "prompt")
			at := tm.waitIdle(0)
			tm.send("/help\r")
			at = tm.waitFor("/exit", at)
			at = tm.waitIdle(at)
			tm.send("write the file and read my notes\r")
			tm.waitFor("approval needed", at)
			at = tm.waitQuestion(4)
			tm.send("y")
			at = tm.waitFor("✔ done", at)
			tm.waitIdle(at)
			tm.send("\x04")
			if code := tm.exit(); code != 0 {
				t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
			}
			rows := vtRows(tm.screen(), cols, 400)
			// Joined with a space (indents taken off), word-wrapped rows
			// give the text back; broken words would not.
			var words []string
			for _, r := range rows {
				words = append(words, strings.TrimSpace(r))
			}
			flat := strings.Join(strings.Fields(strings.Join(words, " ")), " ")
			for _, want := range []string{
				"Ctrl+C clears the line · Ctrl+D quits",
				"/effort [TIER] show the ChatGPT effort tier, or select TIER (light/instant, standard/medium, extended/high, extra-high/xhigh, pro/max) for the next messages",
				"network on, .git/hooks and .git/config read-only)",
				"for this task (fs.read on paths under",
				"[n] deny › y",
			} {
				if !strings.Contains(flat, want) {
					t.Errorf("%q is broken across rows:\n%s", want, strings.Join(rows, "\n"))
				}
			}
			done := strings.ReplaceAll(c.done, " ", "")
			if !strings.Contains(strings.ReplaceAll(strings.Join(words, ""), " ", ""), done) {
				t.Errorf("the done message is not whole:\n%s", strings.Join(rows, "\n"))
			}
			for i, r := range rows {
				if i > 0 && strings.HasPrefix(rows[i-1], "  "+string([]rune(c.done)[:4])) && !strings.HasPrefix(r, "  ") {
					t.Errorf("the done message's continuation %q is not indented under it", r)
				}
				if strings.Contains(r, "✓ fs.write") && !strings.HasSuffix(r, "ms)") {
					t.Errorf("the tool line lost its duration: %q", r)
				}
				if strings.TrimSpace(r) == ")" {
					t.Errorf("a lone %q row:\n%s", r, strings.Join(rows, "\n"))
				}
			}
		})
	}
}

// waitQuestion waits until an approval question waits for its key: the
// screen ends with "[n] deny ›" (an answered one ends with the key) and
// its last n rows hold every one of want.
func (tm *term) waitQuestion(n int, want ...string) int {
	tm.t.Helper()
	return tm.waitUntil(fmt.Sprintf("an open approval question with %q", want), func(out string) (int, bool) {
		rows := tm.lastRows(out, n)
		// The question wraps between words: joined with spaces, its
		// rows end with the question's last words.
		tail := strings.Join(strings.Fields(strings.Join(rows, " ")), " ")
		if !strings.HasSuffix(tail, "[n] deny ›") {
			return 0, false
		}
		tail = strings.Join(rows, "")
		for _, w := range want {
			if !strings.Contains(tail, w) {
				return 0, false
			}
		}
		return len(out), true
	})
}

// TestApprovalSaysWhichKeysWork: Enter or a key the question does not
// take, at an approval question (80 columns, English and Chinese), says
// which keys work; the question stays open and y then answers it.
// Before, such keys did nothing at all.
func TestApprovalSaysWhichKeysWork(t *testing.T) {
	for _, c := range []struct{ name, task string }{{"english", "read my notes"}, {"chinese", "读一下我的笔记"}} {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			outside := filepath.Join(t.TempDir(), "notes.txt")
			os.WriteFile(outside, []byte("outside-notes-7\n"), 0o644)
			s := e.script(
				model.ScriptLine{Reply: agentReply(false, "Reading.", callXML("fs.read", el("path", outside)))},
				model.ScriptLine{Expect: "outside-notes-7", Reply: agentReply(true, "Read them.", "")},
			)
			tm := e.startPTYCols(80, "--provider", "script", "--script", s, "--approvals", "prompt", c.task)
			tm.waitQuestion(4)
			tm.send("\r")
			at := tm.waitLive(6, "press y, a or n")
			tm.send("x")
			tm.send("y")
			tm.waitFor("Read them.", at)
			if code := tm.exit(); code != 0 {
				t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
			}
		})
	}
}

// TestInteractiveSessionSaysHowToGoOn: in the interactive session a run
// paused with Ctrl+C says that typing goes on (no shell command as if
// the session had ended), and leaving with Ctrl+D or /exit prints the
// session id and how to resume it later. Before, the pause showed
// "resume with: wtagent resume ID" and leaving printed nothing.
func TestInteractiveSessionSaysHowToGoOn(t *testing.T) {
	for _, c := range []struct{ name, task, leave string }{
		{"ctrl-d", "wait for me", "\x04"},
		{"exit-chinese", "等我一下", "/exit\r"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			s := e.script(
				model.ScriptLine{Reply: agentReply(false, "Write.", callXML("fs.write", el("path", "a.txt"), el("content", "a"))), DelayMS: 1500},
				model.ScriptLine{Reply: agentReply(true, "Went on.", "")},
			)
			tm := e.startPTYCols(80, "--provider", "script", "--script", s)
			at := tm.waitIdle(0)
			tm.send(c.task + "\r")
			at = tm.waitFor("ChatGPT is thinking", at)
			tm.send("\x03")
			at = tm.waitFor("interrupted", at)
			tm.waitIdle(at)
			id := e.onlySession()
			if strings.Contains(tm.screen(), "resume with:") || !strings.Contains(ansi.Strip(tm.screen()), "type a message to go on") {
				t.Fatalf("the pause in the session does not say that typing goes on:\n%s", tm.screen())
			}
			tm.send(c.leave)
			want := "go on with it later: wtagent resume " + id
			tm.waitUntil(fmt.Sprintf("%q", want), func(out string) (int, bool) {
				return len(out), strings.Contains(strings.Join(strings.Fields(ansi.Strip(out)), " "), want)
			})
			tm.exit()
		})
	}
}

// TestStatusInPlainWordsAndAShortFollowUp: the status line says what
// ChatGPT got in plain words ("your task", "your message"), never the
// log's code names (bootstrap, follow_up); a follow-up in the session is
// marked by one short line, not the whole banner again. 80 columns,
// English and Chinese. Before, both showed bootstrap / follow_up and
// each follow-up re-printed the banner.
func TestStatusInPlainWordsAndAShortFollowUp(t *testing.T) {
	for _, c := range []struct{ name, first, second string }{
		{"english", "say hi", "say bye"},
		{"chinese", "打个招呼", "说再见"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			s := e.script(
				model.ScriptLine{Reply: agentReply(true, "Hi.", ""), DelayMS: 800},
				model.ScriptLine{Reply: agentReply(true, "Bye.", ""), DelayMS: 800},
			)
			tm := e.startPTYCols(80, "--provider", "script", "--script", s)
			tm.waitIdle(0)
			tm.send(c.first + "\r")
			at := tm.waitLive(3, "ChatGPT is thinking (turn 1, your task)")
			at = tm.waitFor("Hi.", at)
			tm.waitIdle(at)
			tm.send(c.second + "\r")
			at = tm.waitLive(3, "(turn 2, your message)")
			at = tm.waitFor("Bye.", at)
			tm.waitIdle(at)
			tm.send("\x04")
			tm.exit()
			screen := ansi.Strip(tm.screen())
			for _, bad := range []string{"bootstrap", "follow_up"} {
				if strings.Contains(screen, bad) {
					t.Errorf("the screen says %q", bad)
				}
			}
			if n := strings.Count(screen, "● session"); n != 1 {
				t.Errorf("the banner is on the screen %d times, want once", n)
			}
			if !strings.Contains(screen, "● follow-up: "+c.second) {
				t.Errorf("no follow-up marker for %q", c.second)
			}
		})
	}
}

// TestDoneRefusedToAFileHasNoPadding: written to a file (no terminal),
// the "done refused" block has no trailing spaces on its lines, in
// English and Chinese. Before, every line was padded to the widest.
func TestDoneRefusedToAFileHasNoPadding(t *testing.T) {
	for _, c := range []struct{ task, missing string }{
		{"build the site", "this evidence is missing"},
		{"构建这个网站", "缺少以下证据"},
	} {
		t.Run(c.task, func(t *testing.T) {
			e := newEnv(t)
			bare := agentReply(true, "Done: all finished and verified.", "")
			s := e.script(model.ScriptLine{Reply: bare}, model.ScriptLine{Expect: c.missing, Reply: bare},
				model.ScriptLine{Expect: c.missing, Reply: bare}, model.ScriptLine{Expect: c.missing, Reply: bare})
			_, out, _ := e.run("--provider", "script", "--script", s, c.task)
			if !strings.Contains(out, "done refused") {
				t.Fatalf("no done refused block:\n%s", out)
			}
			for _, l := range strings.Split(out, "\n") {
				if strings.TrimRight(l, " ") != l {
					t.Errorf("a line padded with trailing spaces: %q", l)
				}
			}
		})
	}
}

// TestConfigPrintsNoGoSlices: `wtagent config` lists the config paths it
// looked in and a rule's prefix as words, not Go slices ("[a b]").
func TestConfigPrintsNoGoSlices(t *testing.T) {
	e := newEnv(t)
	code, out, errOut := e.run("config")
	if code != 0 || strings.Contains(out, "looked in [") {
		t.Fatalf("config without a file (exit %d):\n%s\n%s", code, out, errOut)
	}
	os.WriteFile(filepath.Join(e.home, "config.json"), []byte(`{"rules": [{"tool": "terminal.exec", "kind": "command", "prefix": ["go", "test"]}]}`), 0o600)
	code, out, errOut = e.run("config")
	if code != 0 || strings.Contains(out, "[go test]") || !strings.Contains(out, "terminal.exec command go test") {
		t.Fatalf("config with a rule (exit %d):\n%s\n%s", code, out, errOut)
	}
}
