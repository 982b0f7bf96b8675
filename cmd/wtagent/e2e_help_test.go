//go:build linux

package main

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/model"
)

// TestHelpHidesDeveloperCommands: `wtagent --help` and the help of the
// commands that take them list neither mockchat nor the developer flags
// (--headless, --chatgpt-url), and they still work: mockchat serves until
// Ctrl+C (main's signal context ends it, exit 0), and the flags parse and
// take effect.
func TestHelpHidesDeveloperCommands(t *testing.T) {
	e := newEnv(t)
	for _, args := range [][]string{{"--help"}, {"login", "--help"}, {"doctor", "--help"}, {"resume", "--help"}, {"demo", "--help"}, {"config", "--help"}} {
		code, out, errOut := e.run(args...)
		if code != 0 || !strings.Contains(out, "Usage:") {
			t.Fatalf("wtagent %v: exit %d\n%s%s", args, code, out, errOut)
		}
		for _, hidden := range []string{"mockchat", "--headless", "--chatgpt-url"} {
			if listsLine(out, hidden) {
				t.Errorf("wtagent %v lists %s:\n%s", args, hidden, out)
			}
		}
	}
	if code, out, _ := e.run("mockchat", "--help"); code != 0 || !strings.Contains(out, "--script") {
		t.Fatalf("mockchat --help: exit %d\n%s", code, out)
	}
	code, out, errOut := e.run("config", "--headless", "--chatgpt-url", "http://127.0.0.1:9")
	if code != 0 || !strings.Contains(out, "http://127.0.0.1:9") {
		t.Fatalf("config with the developer flags: exit %d\n%s%s", code, out, errOut)
	}

	script := e.script(model.ScriptLine{Reply: agentReply(true, "Done.", "")})
	srv := e.command(context.Background(), "mockchat", "--script", script, "--addr", "127.0.0.1:0")
	buf := &syncBuffer{}
	srv.Stdout, srv.Stderr = buf, buf
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	buf.waitFor(t, "serving http://")
	if err := srv.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	if err := srv.Wait(); err != nil {
		t.Fatalf("mockchat after Ctrl+C: %v\n%s", err, buf)
	}
}

// listsLine reports whether help lists name: a line of its commands or
// flags starts with it (prose may still mention it).
func listsLine(help, name string) bool {
	for _, line := range strings.Split(help, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), name+" ") {
			return true
		}
	}
	return false
}

// TestHelpShowsNoDeveloperItems: what a user reads names no developer
// item (issue 42, item 17): no script-provider example or mock page in
// --help, no chatgpt-url in config or its help, no run-only flag in
// config's help, one keep flag in demo's help, and login's no-display
// error does not send the user to a flag login lacks.
func TestHelpShowsNoDeveloperItems(t *testing.T) {
	e := newEnv(t)
	help := func(args ...string) string {
		t.Helper()
		code, out, errOut := e.run(args...)
		if code != 0 {
			t.Fatalf("wtagent %v: exit %d\n%s%s", args, code, out, errOut)
		}
		return out
	}
	root := help("--help")
	for _, dev := range []string{"--script demo.jsonl", "mock page"} {
		if strings.Contains(root, dev) {
			t.Errorf("--help shows %q:\n%s", dev, root)
		}
	}
	config := help("config", "--help")
	if strings.Contains(config, "chatgpt-url") {
		t.Errorf("config --help shows chatgpt-url:\n%s", config)
	}
	for _, runOnly := range []string{"--script", "--no-minimize", "--record-transport", "-v, --verbose", "--allow-concurrent"} {
		if listsLine(config, runOnly) {
			t.Errorf("config --help lists the run-only flag %s:\n%s", runOnly, config)
		}
	}
	if !listsLine(config, "--max-turns") {
		t.Errorf("config --help lost a setting's flag:\n%s", config)
	}
	if out := help("config"); strings.Contains(out, "chatgpt-url") || !strings.Contains(out, "max-turns") {
		t.Errorf("config shows the developer setting chatgpt-url (or lost the settings):\n%s", out)
	}
	if out := help("config", "--verbose", "--allow-concurrent", "--max-turns", "7"); !strings.Contains(out, "7") {
		t.Errorf("config with run-only flags:\n%s", out)
	}
	demo := help("demo", "--help")
	if listsLine(demo, "--keep") || !listsLine(demo, "--keep-processes") {
		t.Errorf("demo --help does not list exactly one keep flag:\n%s", demo)
	}

	cmd := e.command(context.Background(), "login", "--timeout", "1m")
	cmd.Env = append(withDisplay(cmd.Env, ""), "WTAGENT_CHROME=/bin/false")
	b, _ := cmd.CombinedOutput()
	if code := cmd.ProcessState.ExitCode(); code != 1 || strings.Contains(string(b), "--provider") ||
		!strings.Contains(string(b), "no display") {
		t.Errorf("login without a display: exit %d:\n%s", code, b)
	}
}
