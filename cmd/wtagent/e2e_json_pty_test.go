//go:build linux

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/session/event"
)

// TestJSONOnATerminalApprovalByLine: with --json on a terminal no program
// draws on it: the event stream and the approval question are plain
// lines, the terminal stays in cooked mode and the approval is a key then
// Enter.
func TestJSONOnATerminalApprovalByLine(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "notes.txt")
	os.WriteFile(outside, []byte("outside-notes-7\n"), 0o644)
	e := newEnv(t)
	s := e.script(
		model.ScriptLine{Reply: agentReply(false, "Read the notes.", callXML("fs.read", el("path", outside)))},
		model.ScriptLine{Expect: "outside-notes-7", Reply: agentReply(true, "Handled the notes.", "")},
	)
	tm := e.startPTY("--json", "--provider", "script", "--script", s, "--approvals", "prompt", "read my notes")
	at := tm.waitFor("[y] allow once", 0)
	at = tm.waitFor("then Enter › ", at)
	tm.send("y\n")
	tm.waitFor(string(event.EvRunCompleted), at)
	if code := tm.exit(); code != 0 {
		t.Fatalf("exit %d; screen:\n%q", code, tm.screen())
	}
	out := tm.screen()
	if i := strings.IndexByte(out, '\x1b'); i >= 0 {
		t.Fatalf("an escape sequence on the terminal at %d (%q): something draws; screen:\n%q", i, out[max(0, i-40):min(len(out), i+40)], out)
	}
	events := 0
	for _, l := range strings.Split(out, "\n") {
		l = strings.TrimSuffix(l, "\r") // the terminal's own ONLCR
		if strings.Contains(l, "\r") {
			t.Fatalf("a carriage return inside a line (a redraw): %q", l)
		}
		if !strings.HasPrefix(l, "{") {
			continue // the question, on stderr
		}
		if !json.Valid([]byte(l)) {
			t.Fatalf("a broken JSON line: %q", l)
		}
		events++
	}
	if events == 0 || !strings.Contains(out, "Handled the notes.") {
		t.Fatalf("%d events, the answer not among them; screen:\n%s", events, out)
	}
}
