//go:build linux

package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/model"
)

// page2026 serves lines on the mock's 2026-09 page with opts (logged in,
// script numbered).
func page2026(t *testing.T, opts mockchat.Options, lines []model.ScriptLine) (*mockchat.Server, string) {
	t.Helper()
	for i := range lines {
		lines[i].Line = i + 1
	}
	opts.Script, opts.LoggedIn, opts.DOM = lines, true, mockchat.DOM2026Sep
	srv := mockchat.New(opts)
	url, err := srv.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	return srv, url
}

// randomLabels is a label table of random words: a page in a language no
// table of the adapter knows.
func randomLabels() map[string]string {
	t := map[string]string{}
	for _, k := range mockchat.LabelKeys() {
		b := make([]rune, 6+rand.IntN(6))
		for i := range b {
			b[i] = rune('a' + rand.IntN(26))
		}
		t[k] = string(b)
	}
	t["removeFile"] += " {n}: {name}"
	t["removePasted"] += " {n}"
	return t
}

// recordOnceScript is a three-turn run: append to runs.log once, run
// check.sh (it passes when runs.log has one line), finish; it writes
// check.sh into the project.
func recordOnceScript(e *env) []model.ScriptLine {
	os.WriteFile(filepath.Join(e.root, "check.sh"), []byte(recordOnceCheck), 0o644)
	return []model.ScriptLine{
		{Reply: appendOnce("Record the run.")},
		{Expect: `status="ok"`, Reply: agentReply(false, "Check.", callXML("terminal.exec", el("program", "sh"), items("argv", "check.sh")))},
		{Expect: "1 line", Reply: agentReply(true, "runs.log has one line; sh check.sh passed.", "")},
	}
}

// startRun starts wtagent with args in the background (its output in
// out); the test waits for it with cmd.Wait.
func (e *env) startRun(ctx context.Context, args ...string) (*exec.Cmd, *syncBuffer) {
	e.t.Helper()
	cmd := e.command(ctx, args...)
	out := &syncBuffer{}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		e.t.Fatal(err)
	}
	return cmd, out
}

// postedOnce checks that the mock got each message of conv exactly once
// (the POSTs it received) and returns how many it got.
func postedOnce(t *testing.T, srv *mockchat.Server, skip map[string]bool) int {
	t.Helper()
	seen := map[string]bool{}
	n := 0
	for _, r := range srv.Received() {
		if skip[r.ConversationID] {
			continue
		}
		if seen[r.MessageID] || seen["text:"+r.Text] {
			t.Errorf("the message %s was posted twice: %.80q", r.MessageID, r.Text)
		}
		seen[r.MessageID], seen["text:"+r.Text] = true, true
		n++
	}
	return n
}

// TestBrowser2026PageRuns runs a task through the CLI on the 2026-09 page
// in every UI language the mock speaks, in a language of random words (no
// label table can match it), and with hidden mounted routes, a frozen copy
// and nested units: the run completes, its attachment uploads (its tile
// found by structure), every tool call runs once and every message is
// posted once.
func TestBrowser2026PageRuns(t *testing.T) {
	needChromium(t)
	cases := []struct {
		name  string
		opts  mockchat.Options
		seeds int
	}{
		{name: "en", opts: mockchat.Options{Lang: mockchat.LangEnglish}},
		{name: "tr", opts: mockchat.Options{Lang: mockchat.LangTurkish}},
		{name: "zh-CN", opts: mockchat.Options{Lang: mockchat.LangChinese}},
		{name: "de", opts: mockchat.Options{Lang: mockchat.LangGerman}},
		{name: "ja", opts: mockchat.Options{Lang: mockchat.LangJapanese}},
		{name: "ar-rtl", opts: mockchat.Options{Lang: mockchat.LangArabic}},
		{name: "random-labels", opts: mockchat.Options{Labels: randomLabels()}},
		{name: "hidden-routes-nested-units", opts: mockchat.Options{HiddenRoutes: 3, FrozenCopy: true}, seeds: 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t)
			os.WriteFile(filepath.Join(e.root, "notes.txt"), []byte("the notes\n"), 0o644)
			var lines []model.ScriptLine
			for i := 0; i < tc.seeds; i++ {
				lines = append(lines, model.ScriptLine{Reply: fmt.Sprintf("Seeded answer %d.", i+1)})
			}
			lines = append(lines, recordOnceScript(e)...)
			srv, url := page2026(t, tc.opts, lines)
			seeded := map[string]bool{}
			for i := 0; i < tc.seeds; i++ {
				seedChat(t, url, fmt.Sprintf("seed %d", i+1))
			}
			for _, id := range srv.Conversations() {
				seeded[id] = true
			}
			code, out, errOut := e.run("--chatgpt-url", url, "--headless", "record one run; the notes are in @notes.txt")
			if code != 0 {
				t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
			}
			if got, _ := os.ReadFile(filepath.Join(e.root, "runs.log")); string(got) != "ran\n" {
				t.Fatalf("runs.log = %q: the tool call did not run exactly once", got)
			}
			if n := postedOnce(t, srv, seeded); n != 3 {
				t.Fatalf("the page posted %d messages, want 3", n)
			}
			first := srv.Received()[tc.seeds]
			if len(first.Attachments) != 1 || first.Attachments[0].Name != "notes.txt" {
				t.Fatalf("the first message's attachments %+v, want notes.txt", first.Attachments)
			}
		})
	}
}

// TestBrowser2026WindowedThreadKilledAfterPost: a 50-exchange run on the
// 2026-09 page that renders only six exchanges (recycling their nodes,
// hidden routes and a frozen copy beside them). wtagent is killed with
// SIGKILL once exchange 45's POST left (its reply held mid-stream);
// `wtagent resume` reads that reply without posting the message again;
// every tool call ran once, every message was posted once.
func TestBrowser2026WindowedThreadKilledAfterPost(t *testing.T) {
	needChromium(t)
	const steps, killAt = 48, 45
	e := newEnv(t)
	os.WriteFile(filepath.Join(e.root, "check.sh"), []byte(fmt.Sprintf("seq 1 %d | diff - runs.log && echo \"%d unique lines\"\n", steps, steps)), 0o644)
	var lines []model.ScriptLine
	for i := 1; i <= steps; i++ {
		lines = append(lines, model.ScriptLine{Reply: agentReply(false, fmt.Sprintf("Step %d.", i),
			callXML("fs.write", el("path", "runs.log"), el("content", fmt.Sprintf("%d\n", i)), el("mode", "append")))})
	}
	lines = append(lines,
		model.ScriptLine{Reply: agentReply(false, "Check.", callXML("terminal.exec", el("program", "sh"), items("argv", "check.sh")))},
		model.ScriptLine{Expect: fmt.Sprintf("%d unique lines", steps), Reply: agentReply(true, fmt.Sprintf("runs.log lists 1 to %d once each; sh check.sh passed.", steps), "")})
	srv, url := page2026(t, mockchat.Options{Window: 6, HiddenRoutes: 2, FrozenCopy: true, Lang: mockchat.LangJapanese}, lines)
	release := srv.HoldStream(killAt)
	t.Cleanup(release)
	id, _ := e.startAndKill(func(evs []event.Event) bool {
		return count(evs, event.EvModelMessageSent) == killAt
	}, "--chatgpt-url", url, "--headless", "--max-turns", "100", "record the steps")
	if got := len(srv.Received()); got != killAt {
		t.Fatalf("the page posted %d messages before the kill, want %d", got, killAt)
	}
	waitGone(t, e.root) // its Chrome too: it exits when its pipe closes
	release()
	code, out, errOut := e.run("resume", id, "--chatgpt-url", url, "--headless")
	if code != 0 {
		t.Fatalf("resume: exit %d\n%s\n%s\nevents:\n%s", code, out, errOut, eventTrace(e.events(id)))
	}
	want := ""
	for i := 1; i <= steps; i++ {
		want += fmt.Sprintf("%d\n", i)
	}
	if got, _ := os.ReadFile(filepath.Join(e.root, "runs.log")); string(got) != want {
		t.Fatalf("runs.log = %q: a tool call did not run exactly once", got)
	}
	if n := postedOnce(t, srv, nil); n != len(lines) {
		t.Fatalf("the page posted %d messages, want %d", n, len(lines))
	}
}

// TestBrowser2026SlowConfirmationPostsOnce: the first POST leaves but
// nothing comes back for longer than the send's confirmation waits, and
// the page shows no message the adapter can read (its message locator is
// broken): the send counts as sent, the reply is read once the answer
// comes, and no message is posted twice.
func TestBrowser2026SlowConfirmationPostsOnce(t *testing.T) {
	needChromium(t)
	e := newEnv(t)
	srv, url := page2026(t, mockchat.Options{}, recordOnceScript(e))
	if err := srv.BreakLocator(mockchat.LocatorMessage); err != nil {
		t.Fatal(err)
	}
	release := srv.HoldResponse(1)
	t.Cleanup(release)
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	cmd, out := e.startRun(ctx, "--chatgpt-url", url, "--headless", "record one run")
	// The send is recorded as sent although the page confirmed nothing.
	e.waitFor("the first send recorded", func(evs []event.Event) bool { return count(evs, event.EvModelMessageSent) == 1 })
	release()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	if got, _ := os.ReadFile(filepath.Join(e.root, "runs.log")); string(got) != "ran\n" {
		t.Fatalf("runs.log = %q", got)
	}
	if n := postedOnce(t, srv, nil); n != 3 {
		t.Fatalf("the page posted %d messages, want 3", n)
	}
}

// TestBrowser2026ChromeKilledBeforeTheConversationIsNamed: Chrome is
// killed after a new chat's first POST left but before any byte of the
// answer named its conversation. The message is sent: the restarted
// browser finds its conversation by the message id among the newest ones
// and reads the reply; nothing is posted twice.
func TestBrowser2026ChromeKilledBeforeTheConversationIsNamed(t *testing.T) {
	r := runFirstPostHeld(t, mockchat.Options{Lang: mockchat.LangGerman})
	if killChrome(t, r.cmd.Process.Pid) == 0 {
		t.Fatal("no Chrome process under wtagent to kill")
	}
	r.release()
	if err := r.cmd.Wait(); err != nil {
		t.Fatalf("run: %v\n%s\nevents:\n%s", err, r.out.String(), eventTrace(r.e.events(r.e.onlySession())))
	}
	r.checkRecordedOnce()
}

// TestBrowser2026Kill9BeforeTheSendIsRecorded: wtagent is killed with
// SIGKILL after a new chat's first POST left but before the page named the
// conversation (its answer held), so the send was never recorded as sent.
// `wtagent resume` finds the message as the newest conversation's last
// user message and reads its reply: nothing is posted twice.
func TestBrowser2026Kill9BeforeTheSendIsRecorded(t *testing.T) {
	r := runFirstPostHeld(t, mockchat.Options{Lang: mockchat.LangChinese})
	id := r.killUnrecorded()
	code, stdout, errOut := r.e.run("resume", id, "--chatgpt-url", r.url, "--headless")
	if code != 0 {
		t.Fatalf("resume: exit %d\n%s\n%s\nevents:\n%s", code, stdout, errOut, eventTrace(r.e.events(id)))
	}
	r.checkRecordedOnce()
}

// firstPostHeld is a `wtagent run` of recordOnceScript on the 2026-09
// page whose first message reached the server while its answer is held:
// the moment the kill tests strike. release lets the answer go.
type firstPostHeld struct {
	t       *testing.T
	e       *env
	srv     *mockchat.Server
	url     string
	cmd     *exec.Cmd
	out     *syncBuffer
	release func()
}

// runFirstPostHeld starts `wtagent run` of recordOnceScript on the
// 2026-09 page with opts (its UI language, its read limit), with the
// answer to its first message held, and returns once that message reached
// the server.
func runFirstPostHeld(t *testing.T, opts mockchat.Options) firstPostHeld {
	t.Helper()
	needChromium(t)
	e := newEnv(t)
	srv, url := page2026(t, opts, recordOnceScript(e))
	release := srv.HoldResponse(1)
	t.Cleanup(release)
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	t.Cleanup(cancel)
	cmd, out := e.startRun(ctx, "--chatgpt-url", url, "--headless", "record one run")
	if _, err := srv.WaitReceived(ctx, 1); err != nil {
		t.Fatalf("the first message never reached the server: %v\n%s", err, out.String())
	}
	return firstPostHeld{t: t, e: e, srv: srv, url: url, cmd: cmd, out: out, release: release}
}

// killUnrecorded kills the run with SIGKILL while its first message's
// answer is held (its send not yet recorded), waits until its browser is
// gone, lets the answer go and returns the session's id.
func (r firstPostHeld) killUnrecorded() string {
	r.t.Helper()
	if err := r.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		r.t.Fatal(err)
	}
	r.cmd.Wait()
	id := r.e.onlySession()
	if n := count(r.e.events(id), event.EvModelMessageSent); n != 0 {
		r.t.Fatalf("%d sends recorded before the kill: the test missed its moment", n)
	}
	waitGone(r.t, r.e.root)
	r.release()
	return id
}

// checkRecordedOnce checks the end of a recordOnceScript run: its call ran
// once and the page got each of its three messages once.
func (r firstPostHeld) checkRecordedOnce() {
	r.t.Helper()
	if got, _ := os.ReadFile(filepath.Join(r.e.root, "runs.log")); string(got) != "ran\n" {
		r.t.Fatalf("runs.log = %q", got)
	}
	if n := postedOnce(r.t, r.srv, nil); n != 3 {
		r.t.Fatalf("the page posted %d messages, want 3", n)
	}
}
