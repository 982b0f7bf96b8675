//go:build linux

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/model"
)

// TestNoStaircaseInTheLiveView: a session with an approval, typing while
// it works, a pause and a dev server question never writes a newline
// without a carriage return (raw mode would draw it as a staircase).
func TestNoStaircaseInTheLiveView(t *testing.T) {
	e := newEnv(t)
	outside := filepath.Join(t.TempDir(), "notes.txt")
	os.WriteFile(outside, []byte("outside\n"), 0o644)
	e.write("wait.sh", "while [ ! -f go ]; do sleep 0.05; done; echo released\n")
	s := e.script(
		model.ScriptLine{Reply: agentReply(false, "Write.", callXML("fs.write", el("path", "a.txt"), el("content", "a\n")))},
		model.ScriptLine{Reply: agentReply(false, "Read outside.", callXML("fs.read", el("path", outside)))},
		model.ScriptLine{Reply: agentReply(false, "Wait.", callXML("terminal.exec", el("program", "sh"), items("argv", "wait.sh")))},
		model.ScriptLine{Reply: agentReply(false, "Serve.", callXML("process.start", el("program", "python3"),
			items("argv", "-m", "http.server", "0", "--bind", "127.0.0.1")))},
		model.ScriptLine{Expect: "http://127.0.0.1:", Reply: agentReply(true, "Serving.\nTwo lines\tand a tab.", "")},
	)
	tm := e.startPTY("--provider", "script", "--script", s, "write, wait and serve")
	at := tm.waitFor("[y] allow once", 0)
	tm.send("y")
	at = tm.waitFor("terminal.exec sh wait.sh", at)
	tm.send("a queued line\r")
	at = tm.waitFor("queued for the next message", at)
	os.WriteFile(filepath.Join(e.root, "go"), nil, 0o644)
	at = tm.waitFor("keep them running?", at)
	tm.send("s")
	tm.waitFor("stopped 1 dev server", at)
	if code := tm.exit(); code != 0 {
		t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
	}
	if bad := staircases(tm.screen()); len(bad) > 0 {
		t.Fatalf("%d lines ended by a bare newline (a staircase): %q\nscreen:\n%s", len(bad), bad, strings.Join(vtRows(tm.screen(), 120, 400), "\n"))
	}
}
