//go:build linux

package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"

	"github.com/wtagent/wtagent/browser/chrome"
	"github.com/wtagent/wtagent/internal/demo"
	"github.com/wtagent/wtagent/model"
)

// The headed tests run wtagent as its users do: Chromium with a visible
// window, here on a virtual display (virtualDisplay), where every other
// browser test passes --headless.

// TestHeadedAcceptanceScenario runs the acceptance scenario (the demo's
// conversation: an empty directory, a website, its build, a broken link
// the build catches, the fix, the rebuild, the dev server) on the mock
// ChatGPT page through a visible Chromium: the run's tab has a real
// window; once ChatGPT is ready the window is minimised, or stays on
// screen with --no-minimize; the run finishes with the site built.
func TestHeadedAcceptanceScenario(t *testing.T) {
	for _, tc := range []struct {
		name  string
		flags []string
		shown bool
	}{
		{"minimised", nil, false},
		{"no-minimize", []string{"--no-minimize"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := headedEnv(t)
			lines, err := demo.Lines()
			if err != nil {
				t.Fatal(err)
			}
			srv, url := mockPage(t, lines, 2*time.Millisecond)
			release := srv.HoldReplies()
			defer release()
			ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
			defer cancel()
			cmd, out := e.startRun(ctx, append(append([]string{"--chatgpt-url", url}, tc.flags...), demo.Task)...)
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			// The task is on the page: ChatGPT was ready (and the window
			// minimised, unless asked not to) before it was sent.
			received := make(chan error, 1)
			go func() { _, err := srv.WaitReceived(ctx, 1); received <- err }()
			select {
			case err := <-received:
				if err != nil {
					t.Fatalf("the task never reached the page: %v\n%s", err, out.String())
				}
			case err := <-exited:
				t.Fatalf("the run ended (%v) before the task reached the page:\n%s", err, out.String())
			}
			w := waitWindow(t, e.attachPage(ctx, url), tc.shown)
			checkHeaded(t, w)
			if tc.shown && !w.onScreen() || !tc.shown && w.state != browser.WindowStateMinimized {
				t.Fatalf("the window is %s; want it on screen = %v (flags %v)", w.state, tc.shown, tc.flags)
			}
			release()
			if err := <-exited; err != nil {
				t.Fatalf("the run: %v\n%s", err, out.String())
			}
			checkDemoSite(t, e.root)
			if !strings.Contains(out.String(), "http://127.0.0.1:") {
				t.Fatalf("the run does not name the dev server's URL:\n%s", out.String())
			}
		})
	}
}

// TestHeadedDemo runs `wtagent demo --browser always` (make demo) with a
// display: its Chromium is launched with a window (no --headless) and the
// demo finishes as on the scripted provider.
func TestHeadedDemo(t *testing.T) {
	needChromium(t)
	e := newEnv(t)
	e.display = virtualDisplay(t)
	launches := recordChromeArgs(t)
	code, out, errOut := e.run("demo", "--browser", "always", "--dir", e.root)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(errOut, "against the local mock ChatGPT page") {
		t.Fatalf("the demo did not go through Chromium:\n%s", errOut)
	}
	raw, err := os.ReadFile(launches)
	if err != nil || len(raw) == 0 {
		t.Fatalf("Chromium was never launched: %v", err)
	}
	for _, arg := range strings.Split(string(raw), "\n") {
		if strings.HasPrefix(arg, "--headless") {
			t.Fatalf("the demo launched Chromium with %s though a display was there", arg)
		}
	}
	for _, want := range []string{"contact.html, which does not exist", "built 2 pages", "✔ done", "stopped 1 dev server"} {
		if !strings.Contains(out, want) {
			t.Errorf("demo output lacks %q:\n%s", want, out)
		}
	}
	checkDemoSite(t, e.root)
}

// recordChromeArgs makes wtagent launch Chromium through a wrapper that
// appends each argument, one a line, to the file it returns.
func recordChromeArgs(t *testing.T) string {
	t.Helper()
	found, err := chrome.Discover(os.Getenv, "linux")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	args := filepath.Join(dir, "args")
	wrapper := filepath.Join(dir, "chromium")
	script := "#!/bin/sh\nprintf '%s\\n' \"$@\" >> '" + args + "'\nexec '" + found.Path + "' \"$@\"\n"
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv(chrome.ChromeEnv, wrapper)
	return args
}

// checkDemoSite checks the project the demo's conversation leaves: the
// pages, the fixed link, the built site.
func checkDemoSite(t *testing.T, root string) {
	t.Helper()
	for _, f := range []string{"go.mod", "cmd/build/main.go", "cmd/serve/main.go", "pages/index.html", "pages/about.html", "pages/style.css", "dist/index.html", "dist/about.html"} {
		if _, err := os.Stat(filepath.Join(root, f)); err != nil {
			t.Errorf("the site lacks %s: %v", f, err)
		}
	}
	about, err := os.ReadFile(filepath.Join(root, "pages", "about.html"))
	if err != nil || strings.Contains(string(about), "contact.html") {
		t.Fatalf("about.html not fixed: %q %v", about, err)
	}
}

// TestHeadedTakeover: in a visible Chromium, the window is minimised
// while wtagent drives the page; /browser brings it on screen; /resume
// minimises it again; the reply held at the takeover runs its call once
// and the run finishes.
func TestHeadedTakeover(t *testing.T) {
	e := headedEnv(t)
	e.write("model.sh", "echo model >> calls.log; echo model ran\n")
	srv, url := mockPage(t, []model.ScriptLine{
		{Reply: agentReply(false, "Run model.sh.", callXML("terminal.exec", el("program", "sh"), items("argv", "model.sh")))},
		{Expect: "model ran", Reply: agentReply(true, "Ran model.sh once.", "")},
	}, 0)
	release := srv.HoldReplies()
	defer release()
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	tm := e.startPTY("--chatgpt-url", url, "--approvals", "allow", "run a script")
	at := tm.waitFor("ChatGPT is thinking", 0)
	if _, err := srv.WaitReceived(ctx, 1); err != nil {
		t.Fatal(err)
	}
	tab := e.attachPage(ctx, url)
	w := waitWindow(t, tab, false)
	checkHeaded(t, w)
	if w.state != browser.WindowStateMinimized {
		t.Fatalf("while wtagent drives the page the window is %s, want minimized", w.state)
	}

	tm.send("/browser\r")
	at = tm.waitFor("/browser: the run pauses at the next safe point", at)
	release()
	at = tm.waitFor("the Chrome window is in front", at)
	at = tm.waitFor("paused: manual takeover", at)
	if w := waitWindow(t, tab, true); !w.onScreen() {
		t.Fatalf("after /browser the window is %s, want it on screen", w.state)
	}

	// The answer to the held reply's result waits, so the window is seen
	// while the run goes on.
	hold := srv.HoldReplies()
	defer hold()
	tm.send("/resume\r")
	at = tm.waitFor("handed back", at)
	if _, err := srv.WaitReceived(ctx, 2); err != nil {
		t.Fatal(err)
	}
	if w := waitWindow(t, tab, false); w.state != browser.WindowStateMinimized {
		t.Fatalf("after /resume the window is %s, want minimized", w.state)
	}
	hold()
	tm.waitFor("Ran model.sh once.", at)
	if code := tm.exit(); code != 0 {
		t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
	}
	if got, _ := os.ReadFile(filepath.Join(e.root, "calls.log")); string(got) != "model\n" {
		t.Fatalf("calls.log = %q, want the held reply's call once", got)
	}
}
