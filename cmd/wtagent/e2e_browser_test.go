//go:build linux

package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/shirou/gopsutil/v3/process"

	"github.com/wtagent/wtagent/browser/chrome"
	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/model"
)

// needChromium skips a browser test when Chromium is missing, unless CI
// requires it.
func needChromium(t *testing.T) {
	t.Helper()
	skipShort(t)
	if _, err := chrome.Discover(os.Getenv, "linux"); err != nil {
		if os.Getenv("WTAGENT_REQUIRE_BROWSER") != "" {
			t.Fatalf("WTAGENT_REQUIRE_BROWSER is set but: %v", err)
		}
		t.Skip("no Chromium:", err)
	}
}

// mockPage serves lines on a mock ChatGPT page (the default generation,
// the newest) for the test's lifetime.
func mockPage(t *testing.T, lines []model.ScriptLine, gap time.Duration) (*mockchat.Server, string) {
	t.Helper()
	return mockPageGen(t, "", lines, gap)
}

// mockPageGen is mockPage rendering the page generation gen ("" for the
// default).
func mockPageGen(t *testing.T, gen string, lines []model.ScriptLine, gap time.Duration) (*mockchat.Server, string) {
	t.Helper()
	for i := range lines {
		lines[i].Line = i + 1
	}
	srv := mockchat.New(mockchat.Options{Script: lines, LoggedIn: true, StreamGap: gap, DOM: gen})
	url, err := srv.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	return srv, url
}

// treeHash hashes every file of a project (path and content), ignoring
// build output.
func treeHash(t *testing.T, root string) (string, []string) {
	t.Helper()
	var files []string
	h := sha256.New()
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if strings.HasPrefix(rel, "dist/") {
			return nil
		}
		files = append(files, rel)
		return nil
	})
	sort.Strings(files)
	for _, f := range files {
		b, _ := os.ReadFile(filepath.Join(root, f))
		h.Write([]byte(f + "\x00"))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil)), files
}

// toolTrace is the sequence of tool calls and outcomes of a session.
func toolTrace(evs []event.Event) []string {
	var out []string
	for _, ev := range evs {
		if ev.Type == event.EvToolCompleted {
			var p event.ToolCompletedPayload
			json.Unmarshal(ev.Payload, &p)
			out = append(out, p.Result.Tool+":"+string(p.Result.Status))
		}
	}
	return out
}

// TestBrowserPathMatchesScriptedPath runs the demo conversation through
// real Chromium against the mock page and through the scripted provider:
// same outcome, same files, same tool calls.
func TestBrowserPathMatchesScriptedPath(t *testing.T) {
	needChromium(t)
	demo, err := filepath.Abs("../../internal/demo/demo.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(demo)
	if err != nil {
		t.Fatal(err)
	}
	lines, err := model.ParseScript(strings.NewReader(string(raw)))
	if err != nil {
		t.Fatal(err)
	}
	task := "Build a small website with a home and an about page, a build step that catches broken links, and a dev server. Build it and start the server."

	scripted := newEnv(t)
	code, out, errOut := scripted.run("--provider", "script", "--script", demo, task)
	if code != 0 {
		t.Fatalf("scripted: exit %d\n%s\n%s", code, out, errOut)
	}

	web := newEnv(t)
	_, url := mockPage(t, lines, 2*time.Millisecond)
	code, out, errOut = web.run("--chatgpt-url", url, "--headless", task)
	if code != 0 {
		t.Fatalf("browser: exit %d\n%s\n%s", code, out, errOut)
	}

	h1, f1 := treeHash(t, scripted.root)
	h2, f2 := treeHash(t, web.root)
	if h1 != h2 {
		t.Fatalf("the projects differ:\nscripted %v\nbrowser  %v", f1, f2)
	}
	t1 := toolTrace(scripted.events(scripted.onlySession()))
	webEvents := web.events(web.onlySession())
	t2 := toolTrace(webEvents)
	if strings.Join(t1, " ") != strings.Join(t2, " ") {
		t.Fatalf("tool calls differ:\nscripted %v\nbrowser  %v", t1, t2)
	}
	for _, ev := range webEvents {
		if ev.Type == event.EvModelMessageComplete {
			var p event.MessageCompletePayload
			json.Unmarshal(ev.Payload, &p)
			if p.Reply.Source == event.SourceDOM {
				t.Errorf("turn %d was read from the rendered DOM, not the page's own data", ev.Turn)
			}
		}
	}
}

// TestBrowserKilledMidStream kills Chrome while a reply streams: the model
// actor restarts, the conversation is reopened, the turn completes, and the
// tool before the crash ran exactly once.
func TestBrowserKilledMidStream(t *testing.T) {
	needChromium(t)
	e := newEnv(t)
	os.WriteFile(filepath.Join(e.root, "check.sh"), []byte(recordOnceCheck), 0o644)
	lines := streamedRecordOnceLines()
	srv, url := mockPage(t, lines, 0)
	// The second reply stops halfway through its stream: Chrome is killed then.
	release := srv.HoldStream(2)
	t.Cleanup(release)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd, out := e.startRun(ctx, "--chatgpt-url", url, "--headless", "record one run")
	if err := srv.WaitStreaming(ctx, 2); err != nil {
		t.Fatalf("the second reply never streamed: %v; output:\n%s", err, out.String())
	}
	killed := killChrome(t, cmd.Process.Pid)
	if killed == 0 {
		t.Fatal("no Chrome process under wtagent to kill")
	}
	release()
	err := cmd.Wait()
	if err != nil {
		t.Fatalf("run after the crash: %v\n%s\nevents:\n%s", err, out.String(), eventTrace(e.events(e.onlySession())))
	}
	got, _ := os.ReadFile(filepath.Join(e.root, "runs.log"))
	if string(got) != "ran\n" {
		t.Fatalf("runs.log = %q: the tool before the crash did not run exactly once", got)
	}
	evs := e.events(e.onlySession())
	if count(evs, event.EvBrowserCrashed) == 0 {
		t.Fatalf("no browser.crashed event; output:\n%s", out.String())
	}
	if n := len(srv.Received()); n != 3 {
		t.Fatalf("the page received %d messages, want 3 (nothing sent twice)", n)
	}
}

// killChrome SIGKILLs the browser processes under pid and returns how many.
func killChrome(t *testing.T, pid int) int {
	t.Helper()
	kids := chromeChildren(t, pid)
	for _, k := range kids {
		_ = k.Kill()
	}
	return len(kids)
}

// chromeChildren are the Chrome processes directly under pid (the
// browsers wtagent started, not their renderers, which are theirs).
func chromeChildren(t *testing.T, pid int) []*process.Process {
	t.Helper()
	root, err := process.NewProcess(int32(pid))
	if err != nil {
		t.Fatal(err)
	}
	kids, _ := root.Children()
	var out []*process.Process
	for _, k := range kids {
		if name, _ := k.Name(); strings.Contains(name, "chrom") {
			out = append(out, k)
		}
	}
	return out
}

// TestBrowserRolloverWhenTooLong: the page says the conversation is too
// long; wtagent opens a fresh conversation with a local checkpoint that
// carries the result the old one could not take, and finishes there.
func TestBrowserRolloverWhenTooLong(t *testing.T) {
	needChromium(t)
	e := newEnv(t)
	os.WriteFile(filepath.Join(e.root, "check.sh"), []byte("test -f a.txt && echo ok\n"), 0o644)
	lines := []model.ScriptLine{
		{Reply: agentReply(false, "Write.", callXML("fs.write", el("path", "a.txt"), el("content", "a")))},
		{Fault: mockchat.FaultTooLong, Reply: agentReply(false, "Check.", callXML("terminal.exec", el("program", "sh"), items("argv", "check.sh")))},
		{Reply: agentReply(true, "a.txt written; sh check.sh passed.", "")},
	}
	srv, url := mockPage(t, lines, 0)
	code, out, errOut := e.run("--chatgpt-url", url, "--headless", "write a")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	evs := e.events(e.onlySession())
	if count(evs, event.EvConversationRoll) != 1 {
		t.Fatalf("no rollover; output:\n%s", out)
	}
	convs := map[string]bool{}
	checkpoint := false
	for _, r := range srv.Received() {
		convs[r.ConversationID] = true
		checkpoint = checkpoint || strings.Contains(r.Text, "<checkpoint") && strings.Contains(r.Text, "a.txt")
	}
	if !checkpoint {
		t.Fatal("no message carried the checkpoint with the changed file")
	}
	if len(convs) < 2 {
		t.Fatalf("all messages went to one conversation: %v", convs)
	}
}

// eventTrace is a compact listing of a session's events, for failures.
func eventTrace(evs []event.Event) string {
	var b strings.Builder
	for _, ev := range evs {
		if ev.Type == event.EvPhaseChanged {
			continue
		}
		p := string(ev.Payload)
		if len(p) > 220 {
			p = p[:220] + "…"
		}
		fmt.Fprintf(&b, "%d %s t%d %s\n", ev.Seq, ev.Type, ev.Turn, p)
	}
	return b.String()
}
