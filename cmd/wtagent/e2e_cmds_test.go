//go:build linux

package main

import (
	"context"
	"encoding/json"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/model"
)

// TestDemoScripted runs `wtagent demo` on the scripted provider: the site
// is built, the injected error fixed, the server started and stopped.
func TestDemoScripted(t *testing.T) {
	e := newEnv(t)
	code, out, errOut := e.run("demo", "--browser", "never", "--dir", e.root)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	for _, want := range []string{"contact.html, which does not exist", "built 2 pages", "✔ done", "Running at", "http://127.0.0.1:", "stopped 1 dev server"} {
		if !strings.Contains(out, want) {
			t.Errorf("demo output lacks %q:\n%s", want, out)
		}
	}
	about, err := os.ReadFile(e.root + "/pages/about.html")
	if err != nil || strings.Contains(string(about), "contact.html") {
		t.Fatalf("about.html not fixed: %q %v", about, err)
	}
	if sleepers(t, e.root) != nil {
		t.Fatalf("the dev server outlived the demo: %v", names(sleepers(t, e.root)))
	}
	// It ends by saying what it leaves behind and how to remove it
	// (#42: it left both without a word).
	id := e.onlySession()
	lines := strings.Split(strings.TrimSpace(out), "\n")
	last := strings.Join(lines[max(0, len(lines)-2):], "\n")
	for _, want := range []string{"left the project " + e.root, "session " + id, "wtagent sessions rm " + id} {
		if !strings.Contains(last, want) {
			t.Errorf("the demo's last lines lack %q:\n%s", want, last)
		}
	}
}

// TestDoctor checks a healthy set-up, JSON output, and a blocking problem
// (a Chrome override that does not exist) giving exit 1.
func TestDoctor(t *testing.T) {
	e := newEnv(t)
	os.Chmod(e.home, 0o700) // a private data root, as wtagent creates it
	ctx0 := context.Background()
	dcmd := e.command(ctx0, "doctor", "--json")
	dcmd.Env = append(dcmd.Env, "DISPLAY=:0") // the display check reads the variable as Chrome would
	outb, _ := dcmd.Output()
	code, out := dcmd.ProcessState.ExitCode(), string(outb)
	var res []struct{ Name, Level, Detail, Fix string }
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var r struct{ Name, Level, Detail, Fix string }
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("doctor --json: %v: %s", err, out)
		}
		res = append(res, r)
	}
	names := map[string]string{}
	for _, r := range res {
		names[r.Name] = r.Level
	}
	if runtime.GOOS == "linux" && names["sandbox"] != "ok" {
		t.Errorf("doctor: the sandbox is not ok on this Linux kernel: %s", out)
	}
	for _, n := range []string{"chrome", "config", "display", "home", "profile", "leftover", "ripgrep", "pty", "sandbox"} {
		if names[n] == "" {
			t.Errorf("doctor lacks the %s check: %s", n, out)
		}
	}
	if names["home"] != "ok" || names["pty"] != "ok" {
		t.Errorf("home %s, pty %s", names["home"], names["pty"])
	}
	if (names["chrome"] == "error") != (code == 1) {
		t.Errorf("exit %d with chrome %s", code, names["chrome"])
	}
	ctx := context.Background()
	cmd := e.command(ctx, "doctor")
	cmd.Env = append(cmd.Env, "WTAGENT_CHROME=/nonexistent/chrome")
	b, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(b), "error") || !strings.Contains(string(b), "fix:") {
		t.Fatalf("doctor with a missing Chrome: %v\n%s", err, b)
	}
}

// TestLoginWaitsForTheUser: `wtagent login` against a logged-out page
// says what to do, waits, and succeeds once the user has logged in.
func TestLoginWaitsForTheUser(t *testing.T) {
	needChromium(t)
	e := newEnv(t)
	srv := mockchat.New(mockchat.Options{Script: []model.ScriptLine{{Reply: "x", Line: 1}}, LoggedIn: false})
	url, err := srv.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := e.command(ctx, "login", "--chatgpt-url", url, "--headless", "--timeout", "90s")
	var out syncBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	out.waitFor(t, "→") // login asks for the user
	srv.SetLoggedIn(true)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("login: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "logged in") {
		t.Fatalf("output:\n%s", out.String())
	}
}
