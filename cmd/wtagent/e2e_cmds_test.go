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
	// A fresh data root's profile was never opened: not logged in.
	if (names["chrome"] == "error" || names["login"] == "error") != (code == 1) {
		t.Errorf("exit %d with chrome %s, login %s", code, names["chrome"], names["login"])
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

// TestDoctorSaysWhatItKnowsOfTheLogin: before any login, doctor does not
// say wtagent is ready: the profile has never been opened, so it is not
// logged in (exit 1, "run wtagent login"). Once Chrome has used the
// profile, doctor (which starts no Chrome) says the login was not checked
// and how to check it (issue 42, item 10).
func TestDoctorSaysWhatItKnowsOfTheLogin(t *testing.T) {
	e := newEnv(t)
	os.Chmod(e.home, 0o700)
	doctor := func() (int, string, map[string]string) {
		cmd := e.command(context.Background(), "doctor")
		cmd.Env = withDisplay(cmd.Env, ":0")
		b, _ := cmd.CombinedOutput()
		levels := map[string]string{}
		for _, line := range strings.Split(string(b), "\n") {
			if f := strings.Fields(line); len(f) >= 3 && (f[0] == "ok" || f[0] == "warning" || f[0] == "error") {
				levels[f[1]] = f[0]
			}
		}
		return cmd.ProcessState.ExitCode(), string(b), levels
	}
	code, out, levels := doctor()
	if code != 1 || levels["login"] != "error" || !strings.Contains(out, "never been opened") ||
		!strings.Contains(out, "fix: run wtagent login") || strings.Contains(out, "wtagent is ready") {
		t.Errorf("doctor before any login: exit %d:\n%s", code, out)
	}

	needChromium(t)
	srv := mockchat.New(mockchat.Options{Script: []model.ScriptLine{{Reply: "x", Line: 1}}, LoggedIn: true})
	url, err := srv.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	if code, out, errOut := e.run("login", "--chatgpt-url", url, "--headless", "--timeout", "90s"); code != 0 {
		t.Fatalf("login: exit %d\n%s%s", code, out, errOut)
	}
	code, out, levels = doctor()
	if levels["login"] != "warning" || !strings.Contains(out, "login     not checked (checking starts Chrome)") ||
		strings.Contains(out, "wtagent is ready.") {
		t.Errorf("doctor after a login: exit %d:\n%s", code, out)
	}
	if code == 0 && !strings.Contains(out, "wtagent is ready, but its ChatGPT login was not checked: wtagent doctor --login starts Chrome and checks it.") {
		t.Errorf("doctor exit 0 without saying the login was not checked:\n%s", out)
	}
}
