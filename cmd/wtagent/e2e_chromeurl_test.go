//go:build linux

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/wtagent/wtagent/browser/chrome"
	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/model"
)

// userChrome is a Chromium the test starts as a user would for
// --chrome-url: its own profile, a debugging port on loopback.
type userChrome struct {
	t       *testing.T
	profile string
	port    string
	cmd     *exec.Cmd
}

// startUserChrome starts a headless Chromium with --remote-debugging-port
// (0: any free one, read back from the address it prints) and a fresh
// profile, or restarts one on profile when given.
func startUserChrome(t *testing.T, profile, port string) *userChrome {
	t.Helper()
	found, err := chrome.Discover(os.Getenv, "linux")
	if err != nil {
		t.Fatal(err)
	}
	if profile == "" {
		profile = t.TempDir()
	}
	if port == "" {
		port = "0"
	}
	args := []string{"--headless", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
		"--password-store=basic", "--use-mock-keychain", "--disable-background-networking", "--disable-dev-shm-usage",
		"--disable-component-update", "--disable-sync", "--remote-debugging-port=" + port, "--user-data-dir=" + profile}
	if os.Geteuid() == 0 {
		args = append(args, "--no-sandbox")
	}
	cmd := exec.Command(found.Path, append(args, "about:blank")...)
	out := &syncBuffer{}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	u := &userChrome{t: t, profile: profile, cmd: cmd}
	t.Cleanup(u.kill)
	// Chromium prints its websocket address when the port is open (before
	// it writes DevToolsActivePort, so the line is the event to wait on).
	out.waitFor(t, "DevTools listening on ws://")
	_, rest, _ := strings.Cut(out.String(), "DevTools listening on ")
	line, _, _ := strings.Cut(rest, "\n")
	ws, err := url.Parse(strings.TrimSpace(line))
	if err != nil || ws.Port() == "" {
		t.Fatalf("no port in %q: %v", line, err)
	}
	u.port = ws.Port()
	return u
}

// url is the DevTools endpoint to pass as --chrome-url.
func (u *userChrome) endpoint() string { return "http://127.0.0.1:" + u.port }

// kill ends the Chromium at once and waits for it.
func (u *userChrome) kill() {
	if u.cmd.ProcessState != nil {
		return
	}
	_ = u.cmd.Process.Kill()
	_ = u.cmd.Wait()
}

// running reports whether the Chromium process is still alive.
func (u *userChrome) running() bool {
	return u.cmd.ProcessState == nil && u.cmd.Process.Signal(syscall.Signal(0)) == nil
}

// devtoolsTarget is one entry of /json/list.
type devtoolsTarget struct {
	ID   string `json:"id"`
	Type string `json:"type"`
	URL  string `json:"url"`
}

// pages lists the browser's page targets.
func (u *userChrome) pages() []devtoolsTarget {
	u.t.Helper()
	res, err := http.Get(u.endpoint() + "/json/list")
	if err != nil {
		u.t.Fatal(err)
	}
	defer res.Body.Close()
	var all, pages []devtoolsTarget
	if err := json.NewDecoder(res.Body).Decode(&all); err != nil {
		u.t.Fatal(err)
	}
	for _, p := range all {
		if p.Type == "page" {
			pages = append(pages, p)
		}
	}
	return pages
}

// openTab opens a tab on pageURL, as the user would, and returns its id.
func (u *userChrome) openTab(pageURL string) string {
	u.t.Helper()
	req, _ := http.NewRequest(http.MethodPut, u.endpoint()+"/json/new?"+pageURL, nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		u.t.Fatal(err)
	}
	defer res.Body.Close()
	var tab devtoolsTarget
	if err := json.NewDecoder(res.Body).Decode(&tab); err != nil || tab.ID == "" {
		u.t.Fatalf("open a tab: %v (%s)", err, res.Status)
	}
	return tab.ID
}

// userPage serves the page of the user's own tab.
func userPage(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprint(w, "<!doctype html><title>the user's page</title><p>mine</p>")
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/mine"
}

// checkUserTab fails unless the user's tab is still open on its page and
// no tab is left on the mock ChatGPT page.
func checkUserTab(t *testing.T, u *userChrome, id, mine, chat string) {
	t.Helper()
	found := false
	for _, p := range u.pages() {
		if p.ID == id && p.URL == mine {
			found = true
		}
		if strings.HasPrefix(p.URL, chat) {
			t.Errorf("wtagent left a tab open on %s", p.URL)
		}
	}
	if !found {
		t.Errorf("the user's tab %s on %s is gone or was navigated: %+v", id, mine, u.pages())
	}
	if !u.running() {
		t.Error("the user's Chrome is no longer running")
	}
}

// TestChromeURLRunCompletes: a run attached by --chrome-url to a Chrome
// the user started completes on the mock page in a tab of its own; the
// user's other tab is untouched and open, Chrome still runs, and only
// wtagent's tab was closed.
func TestChromeURLRunCompletes(t *testing.T) {
	needChromium(t)
	e := newEnv(t)
	u := startUserChrome(t, "", "")
	mine := userPage(t)
	mineID := u.openTab(mine)
	lines := []model.ScriptLine{
		{Reply: agentReply(false, "Write it.", callXML("fs.write", el("path", "hello.txt"), el("content", "hi\n")))},
		{Reply: agentReply(true, "hello.txt written.", "")},
	}
	srv, chat := mockPage(t, lines, 0)
	before := len(u.pages())
	code, out, errOut := e.run("--chatgpt-url", chat, "--chrome-url", u.endpoint(), "--approvals", "allow", "write hello.txt")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	if got, _ := os.ReadFile(filepath.Join(e.root, "hello.txt")); string(got) != "hi\n" {
		t.Fatalf("hello.txt = %q", got)
	}
	if n := srv.Stats().Sends; n != 2 {
		t.Errorf("the page got %d POSTs, want 2", n)
	}
	checkUserTab(t, u, mineID, mine, chat)
	if after := len(u.pages()); after != before {
		t.Errorf("%d pages before the run, %d after: wtagent's tab was not closed, or another was", before, after)
	}
}

// TestChromeURLSurvivesRestart kills the user's Chromium while a reply
// streams and starts it again on the same port once wtagent retries: the
// run reconnects with back-off, finds the reply and completes, and no
// message is posted twice.
func TestChromeURLSurvivesRestart(t *testing.T) {
	needChromium(t)
	e := newEnv(t)
	os.WriteFile(filepath.Join(e.root, "check.sh"), []byte(recordOnceCheck), 0o644)
	lines := streamedRecordOnceLines()
	srv, chat := mockPage(t, lines, 0)
	release := srv.HoldStream(2)
	t.Cleanup(release)
	u := startUserChrome(t, "", "")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd, out := e.startRun(ctx, "--chatgpt-url", chat, "--chrome-url", u.endpoint(), "--approvals", "allow", "record one run")
	if err := srv.WaitStreaming(ctx, 2); err != nil {
		t.Fatalf("the second reply never streamed: %v; output:\n%s", err, out.String())
	}
	u.kill()
	// Chrome comes back only after wtagent found it gone and began to
	// retry.
	out.waitFor(t, "is not back yet")
	u2 := startUserChrome(t, u.profile, u.port)
	release()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("run after the restart: %v\n%s\nevents:\n%s", err, out.String(), eventTrace(e.events(e.onlySession())))
	}
	if got, _ := os.ReadFile(filepath.Join(e.root, "runs.log")); string(got) != "ran\n" {
		t.Fatalf("runs.log = %q: the tool before the crash did not run exactly once", got)
	}
	if n := srv.Stats().Sends; n != 3 {
		t.Fatalf("the page got %d POSTs, want 3 (nothing posted twice)", n)
	}
	if !strings.Contains(out.String(), "reconnected to the Chrome at "+u.endpoint()+" (attempt ") {
		t.Errorf("no reconnect note in the output:\n%s", out.String())
	}
	for _, p := range u2.pages() {
		if strings.HasPrefix(p.URL, chat) {
			t.Errorf("wtagent left a tab open on %s", p.URL)
		}
	}
	if !u2.running() {
		t.Error("the restarted Chrome is no longer running")
	}
}

// TestChromeURLBadInput: each bad --chrome-url is one clear line and
// exit 1 (2 for a malformed or non-local URL), and no session starts.
func TestChromeURLBadInput(t *testing.T) {
	needChromium(t)
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	deadAddr := closed.Addr().String()
	closed.Close()
	notDevTools := httptest.NewServer(http.NotFoundHandler())
	t.Cleanup(notDevTools.Close)
	old := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"Browser": "Chrome/99.0.4844.51", "webSocketDebuggerUrl": "ws://%s/devtools/browser/x"}`, r.Host)
	}))
	t.Cleanup(old.Close)
	u := startUserChrome(t, "", "")
	mockLoggedOut := mockchat.New(mockchat.Options{Script: []model.ScriptLine{{Line: 1, Reply: agentReply(true, "done", "")}}})
	chat, err := mockLoggedOut.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(mockLoggedOut.Close)
	pagesBefore := len(u.pages())

	tests := []struct {
		name, url string
		code      int
		want      string
		extra     []string
	}{
		{"malformed", "ftp://127.0.0.1:9222", 2, "not a Chrome DevTools URL", nil},
		{"no port", "http://127.0.0.1", 2, "want a host and a port", nil},
		{"not local", "http://192.0.2.1:9222", 2, "full control of that browser", nil},
		{"unreachable", "http://" + deadAddr, 1, "no Chrome answers at " + deadAddr, nil},
		{"not devtools", notDevTools.URL, 1, "not a Chrome DevTools endpoint", nil},
		{"too old", old.URL, 1, "(Chrome/99.0.4844.51) is too old: wtagent needs Chrome 120 or newer", nil},
		{"not logged in", u.endpoint(), 1, "ChatGPT is not logged in in the Chrome at " + u.endpoint(), []string{"--chatgpt-url", chat}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t)
			args := append([]string{"--chrome-url", tc.url, "--approvals", "allow"}, tc.extra...)
			code, out, errOut := e.run(append(args, "a task")...)
			if code != tc.code || !strings.Contains(errOut, tc.want) {
				t.Fatalf("exit %d, want %d with %q\nstdout:\n%s\nstderr:\n%s", code, tc.code, tc.want, out, errOut)
			}
			if lines := strings.Split(strings.TrimSpace(errOut), "\n"); len(lines) != 1 {
				t.Errorf("want one line on stderr, got %d:\n%s", len(lines), errOut)
			}
			if n := len(e.sessions()); n != 0 {
				t.Errorf("%d sessions started", n)
			}
		})
	}
	if n := len(u.pages()); n != pagesBefore || !u.running() {
		t.Errorf("after the bad runs: %d pages (was %d), running %v", n, pagesBefore, u.running())
	}
}

// TestDoctorChromeURL: doctor --chrome-url checks the endpoint (an http
// address or the ws:// browser URL), the browser's version and the login,
// in a tab it closes after; a logged-out page or no Chrome is an error
// (exit 1), a malformed URL a usage error (exit 2).
func TestDoctorChromeURL(t *testing.T) {
	needChromium(t)
	e := newEnv(t)
	u := startUserChrome(t, "", "")
	_, in := mockPage(t, []model.ScriptLine{{Reply: agentReply(true, "done", "")}}, 0)
	out := mockchat.New(mockchat.Options{Script: []model.ScriptLine{{Line: 1, Reply: agentReply(true, "done", "")}}})
	outURL, err := out.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(out.Close)
	res, err := http.Get(u.endpoint() + "/json/version")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		WS string `json:"webSocketDebuggerUrl"`
	}
	json.NewDecoder(res.Body).Decode(&v)
	res.Body.Close()
	pagesBefore := len(u.pages())
	doctor := func(args ...string) (int, map[string]string) {
		code, stdout, stderr := e.run(append([]string{"--json", "doctor"}, args...)...)
		rows := map[string]string{}
		for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
			var r struct{ Name, Level, Detail string }
			if json.Unmarshal([]byte(line), &r) == nil && r.Name != "" {
				rows[r.Name] = r.Level + ": " + r.Detail
			}
		}
		if stderr != "" && code != 2 {
			t.Logf("stderr: %s", stderr)
		}
		return code, rows
	}
	for _, addr := range []string{u.endpoint(), v.WS} {
		_, rows := doctor("--chrome-url", addr, "--chatgpt-url", in)
		if !strings.HasPrefix(rows["chrome-url"], "ok: ") || !strings.Contains(rows["chrome-url"], "Chrome/") || !strings.HasPrefix(rows["login"], "ok: ") {
			t.Errorf("doctor --chrome-url %s on a logged-in page: %v", addr, rows)
		}
		if _, local := rows["chrome"]; local {
			t.Errorf("doctor --chrome-url %s still checked a local Chrome: %v", addr, rows)
		}
	}
	code, rows := doctor("--chrome-url", u.endpoint(), "--chatgpt-url", outURL)
	if code != 1 || !strings.HasPrefix(rows["login"], "error: ChatGPT in the Chrome at "+u.endpoint()+" says: logged_out") {
		t.Errorf("doctor on a logged-out page: exit %d, %v", code, rows)
	}
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := "http://" + closed.Addr().String()
	closed.Close()
	code, rows = doctor("--chrome-url", dead)
	if code != 1 || !strings.HasPrefix(rows["chrome-url"], "error: no Chrome answers at ") || rows["login"] != "" {
		t.Errorf("doctor on no Chrome: exit %d, %v", code, rows)
	}
	if code, _ = doctor("--chrome-url", "ws://nohost"); code != 2 {
		t.Errorf("doctor on a malformed URL: exit %d, want 2", code)
	}
	if n := len(u.pages()); n != pagesBefore || !u.running() {
		t.Errorf("after doctor: %d pages (was %d), running %v", n, pagesBefore, u.running())
	}
}

// TestChromeURLTakeover: Ctrl+O (/browser) on a run attached by
// --chrome-url pauses it and tells the user to switch to wtagent's tab in
// their Chrome; handing back finishes the run once, and the user's Chrome
// keeps running.
func TestChromeURLTakeover(t *testing.T) {
	needChromium(t)
	e := newEnv(t)
	u := startUserChrome(t, "", "")
	e.write("wait.sh", "while [ ! -f go ]; do sleep 0.05; done; echo released\n")
	srv, chat := mockPage(t, []model.ScriptLine{
		{Reply: agentReply(false, "Wait.", callXML("terminal.exec", el("program", "sh"), items("argv", "wait.sh")))},
		{Expect: "released", Reply: agentReply(true, "Released after the takeover.", "")},
	}, 0)
	tm := e.startPTY("--chatgpt-url", chat, "--chrome-url", u.endpoint(), "--approvals", "allow", "wait for me")
	at := tm.waitFor("terminal.exec sh wait.sh", 0)
	at = tm.waitFor("· ctrl+o browser", at)
	tm.send("\x0f")
	at = tm.waitFor("/browser: the run pauses at the next safe point", at)
	os.WriteFile(filepath.Join(e.root, "go"), nil, 0o644)
	at = tm.waitFor("switch to wtagent's ChatGPT tab", at)
	at = tm.waitFor("paused: manual takeover", at)
	tm.send("\r")
	at = tm.waitFor("handed back", at)
	tm.waitFor("Released after the takeover.", at)
	if code := tm.exit(); code != 0 {
		t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
	}
	if n := srv.Stats().Sends; n != 2 {
		t.Errorf("the page got %d POSTs, want 2", n)
	}
	if !u.running() {
		t.Error("the user's Chrome is no longer running")
	}
}

// TestChromeURLFromConfig: the config keys chrome-url and
// chrome-url-insecure-ok act as the flags do: a non-local URL is refused
// (exit 2) until allowed, and then checked (exit 1 when nothing answers).
func TestChromeURLFromConfig(t *testing.T) {
	skipShort(t)
	tests := []struct {
		name, config string
		code         int
		want         string
	}{
		{"not local", `{"chrome-url": "http://wtagent-test.invalid:9222"}`, 2, "--chrome-url: http://wtagent-test.invalid:9222 is not on this machine"},
		{"allowed", `{"chrome-url": "http://wtagent-test.invalid:9222", "chrome-url-insecure-ok": true}`, 1, "no Chrome answers at wtagent-test.invalid:9222"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t)
			if err := os.WriteFile(filepath.Join(e.home, "config.json"), []byte(tc.config), 0o600); err != nil {
				t.Fatal(err)
			}
			code, out, errOut := e.run("--approvals", "allow", "a task")
			if code != tc.code || !strings.Contains(errOut, tc.want) {
				t.Fatalf("exit %d, want %d with %q\nstdout:\n%s\nstderr:\n%s", code, tc.code, tc.want, out, errOut)
			}
			if n := len(e.sessions()); n != 0 {
				t.Errorf("%d sessions started", n)
			}
		})
	}
}
