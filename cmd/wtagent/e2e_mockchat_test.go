//go:build linux

package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/wtagent/wtagent/model"
)

// TestMockchatServesEachRunFromTheStart: `wtagent mockchat` answers every
// new conversation from the script's first line, so a second run against
// the same server completes as the first did (it used to find the script
// used up).
func TestMockchatServesEachRunFromTheStart(t *testing.T) {
	needChromium(t)
	e := newEnv(t)
	script := e.script(
		model.ScriptLine{Reply: agentReply(false, "Write the notes.", callXML("fs.write", el("path", "notes.txt"), el("content", "hello\n")))},
		model.ScriptLine{Reply: agentReply(true, "Wrote notes.txt.", "")})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv := e.command(ctx, "mockchat", "--script", script, "--stream-gap", "0s")
	out := &syncBuffer{}
	srv.Stdout, srv.Stderr = out, out
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); srv.Wait() })
	out.waitFor(t, "serving http://")
	url := regexp.MustCompile(`serving (http://\S+)`).FindStringSubmatch(out.String())[1]
	for run := 1; run <= 2; run++ {
		os.Remove(filepath.Join(e.root, "notes.txt"))
		code, stdout, errOut := e.run("--chatgpt-url", url, "--headless", "write notes.txt")
		if code != 0 {
			t.Fatalf("run %d against the same mockchat: exit %d\n%s\n%s\nmockchat: %s", run, code, stdout, errOut, out)
		}
		if b, err := os.ReadFile(filepath.Join(e.root, "notes.txt")); err != nil || string(b) != "hello\n" {
			t.Fatalf("run %d: notes.txt = %q, %v", run, b, err)
		}
	}
}
