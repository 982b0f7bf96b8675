//go:build linux

package main

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/session"
)

// noOwnProfile fails if wtagent started a Chrome on its own profile in e
// (the data directory creates the profile's directory, empty).
func noOwnProfile(t *testing.T, e *env) {
	t.Helper()
	h, err := session.NewHome(e.home)
	if err != nil {
		t.Fatal(err)
	}
	if ents, err := os.ReadDir(h.ProfileDir()); len(ents) > 0 {
		t.Errorf("wtagent's own profile %s was used (%d entries, %v): it should have attached to the user's Chrome", h.ProfileDir(), len(ents), err)
	}
}

// chatTabs counts the user's Chrome's tabs on the mock page at chat.
func chatTabs(u *userChrome, chat string) int {
	n := 0
	for _, p := range u.pages() {
		if strings.HasPrefix(p.URL, chat) {
			n++
		}
	}
	return n
}

// TestChromeURLLogin: login --chrome-url opens ChatGPT in a tab of its
// own in the user's Chrome, waits there for the user to log in, and on
// success closes only that tab; the user's tab and Chrome are untouched
// and wtagent's own profile is never started.
func TestChromeURLLogin(t *testing.T) {
	needChromium(t)
	e := newEnv(t)
	u := startUserChrome(t, "", "")
	mine := userPage(t)
	mineID := u.openTab(mine)
	srv := mockchat.New(mockchat.Options{Script: []model.ScriptLine{{Reply: "x", Line: 1}}, LoggedIn: false})
	chat, err := srv.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := e.command(ctx, "login", "--chatgpt-url", chat, "--chrome-url", u.endpoint(), "--timeout", "90s")
	var out syncBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	out.waitFor(t, "→") // login asks for the user
	if n := chatTabs(u, chat); n != 1 {
		t.Errorf("%d tabs on ChatGPT in the user's Chrome while login waits, want wtagent's one", n)
	}
	srv.SetLoggedIn(true)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("login: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "Opening ChatGPT in a tab of your Chrome at "+u.endpoint()) ||
		!strings.Contains(out.String(), "logged in to ChatGPT in your Chrome; wtagent's tab is closed") {
		t.Fatalf("output:\n%s", out.String())
	}
	checkUserTab(t, u, mineID, mine, chat)
	noOwnProfile(t, e)
}

// TestChromeURLLoginBadInput: login with a bad --chrome-url says so in one
// line: exit 2 for a malformed or non-local URL, 1 for one nothing
// answers at; no Chrome starts.
func TestChromeURLLoginBadInput(t *testing.T) {
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := closed.Addr().String()
	closed.Close()
	for _, tc := range []struct {
		name, url string
		code      int
		want      string
	}{
		{"malformed", "ftp://127.0.0.1:9222", 2, "not a Chrome DevTools URL"},
		{"not local", "http://192.0.2.1:9222", 2, "full control of that browser"},
		{"unreachable", "http://" + dead, 1, "no Chrome answers at " + dead},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t)
			code, out, errOut := e.run("login", "--chrome-url", tc.url, "--timeout", "30s")
			if code != tc.code || !strings.Contains(errOut, tc.want) {
				t.Fatalf("exit %d, want %d with %q\nstdout:\n%s\nstderr:\n%s", code, tc.code, tc.want, out, errOut)
			}
			if lines := strings.Split(strings.TrimSpace(errOut), "\n"); len(lines) != 1 {
				t.Errorf("want one line on stderr, got %d:\n%s", len(lines), errOut)
			}
			noOwnProfile(t, e)
		})
	}
}

// TestChromeURLMCPServe: mcp serve --chrome-url answers its calls in a tab
// of its own in the user's Chrome (the page gets the prompt, the reply is
// exact) and closes that tab when the client goes; the user's tab is
// untouched and wtagent's own profile is never started. A Chrome that does
// not answer is one line and exit 1 before anything is served.
func TestChromeURLMCPServe(t *testing.T) {
	needChromium(t)
	e := newEnv(t)
	u := startUserChrome(t, "", "")
	mine := userPage(t)
	mineID := u.openTab(mine)
	srv, chat := mockPage(t, mcpReplies(1), 0)
	s := startMCPServer(t, e, chat, "--chrome-url", u.endpoint())
	got, _ := s.reply(map[string]any{"prompt": "hi from the user's Chrome"})
	if got != replyText(0) {
		t.Fatalf("reply %q, want %q exactly", got, replyText(0))
	}
	if rec := srv.Received(); len(rec) != 1 || rec[0].Text != "hi from the user's Chrome" {
		t.Fatalf("the page received %+v", rec)
	}
	if n := chatTabs(u, chat); n != 1 {
		t.Errorf("%d tabs on ChatGPT in the user's Chrome while serving, want wtagent's one", n)
	}
	s.close()
	checkUserTab(t, u, mineID, mine, chat)
	noOwnProfile(t, e)

	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := closed.Addr().String()
	closed.Close()
	code, out, errOut := e.run("mcp", "serve", "--chrome-url", "http://"+dead)
	if code != 1 || !strings.Contains(errOut, "no Chrome answers at "+dead) || out != "" {
		t.Fatalf("mcp serve on a dead --chrome-url: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
}

// TestChromeURLKill9ClosesOrphanTab: a run attached by --chrome-url is
// killed with SIGKILL while a reply streams, so its tab stays open in the
// user's Chrome; the resume attached to the same Chrome closes that tab
// (and only it: the user's tab is untouched), finishes the task, and
// closes its own tab at the end.
func TestChromeURLKill9ClosesOrphanTab(t *testing.T) {
	needChromium(t)
	e := newEnv(t)
	u := startUserChrome(t, "", "")
	mine := userPage(t)
	mineID := u.openTab(mine)
	srv, chat := mockPage(t, []model.ScriptLine{
		{Reply: agentReply(false, "Write it.", callXML("fs.write", el("path", "hello.txt"), el("content", "hi\n")))},
		{Reply: agentReply(true, "hello.txt written.", "")},
	}, 0)
	release := srv.HoldStream(1)
	t.Cleanup(release)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	flags := []string{"--chatgpt-url", chat, "--chrome-url", u.endpoint(), "--approvals", "allow"}
	cmd, out := e.startRun(ctx, append(flags, "write hello.txt")...)
	if err := srv.WaitStreaming(ctx, 1); err != nil {
		t.Fatalf("the reply never streamed: %v; output:\n%s", err, out.String())
	}
	var orphan string
	for _, p := range u.pages() {
		if strings.HasPrefix(p.URL, chat) {
			orphan = p.ID
		}
	}
	if orphan == "" {
		t.Fatalf("no tab of wtagent's on %s: %+v", chat, u.pages())
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	if !hasPage(u, orphan) {
		t.Fatalf("the killed run's tab %s closed by itself: the test shows nothing", orphan)
	}
	release()

	code, o, errOut := e.run(append([]string{"resume", e.onlySession()}, flags...)...)
	if code != 0 {
		t.Fatalf("resume: exit %d\n%s\n%s", code, o, errOut)
	}
	if got, _ := os.ReadFile(filepath.Join(e.root, "hello.txt")); string(got) != "hi\n" {
		t.Fatalf("hello.txt = %q\n%s", got, o)
	}
	if hasPage(u, orphan) {
		t.Errorf("the tab %s the killed run left is still open: %+v", orphan, u.pages())
	}
	checkUserTab(t, u, mineID, mine, chat)
}

// hasPage reports whether the user's Chrome has the page target id.
func hasPage(u *userChrome, id string) bool {
	for _, p := range u.pages() {
		if p.ID == id {
			return true
		}
	}
	return false
}
