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
