//go:build linux

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/model"
)

// TestSubAgentChangesDiffAndUndo: a write sub-agent's changes are the
// agent.run call's in the main session: `wtagent diff` shows them under
// that call and `wtagent undo` puts the files back.
func TestSubAgentChangesDiffAndUndo(t *testing.T) {
	e := batchEnv(t, "8")
	if err := os.Mkdir(filepath.Join(e.root, "docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	e.write("docs/keep.txt", "kept\n")
	s := e.script(
		model.ScriptLine{Reply: agentReply(false, "A writer.",
			agentRunXML("scribe: write docs/new.txt and change docs/keep.txt", el("mode", "write"), items("paths", "docs")))},
		model.ScriptLine{Expect: "Wrote both", Reply: agentReply(true, "The sub-agent wrote docs.", "")},
		model.ScriptLine{Agent: "scribe", Reply: agentReply(false, "Writing.", callXML("fs.write", el("path", "docs/new.txt"), el("content", "written by the sub-agent\n")))},
		model.ScriptLine{Agent: "scribe", Expect: `status="ok"`, Reply: agentReply(false, "Changing.", callXML("fs.write", el("path", "docs/keep.txt"), el("content", "changed\n")))},
		model.ScriptLine{Agent: "scribe", Expect: `status="ok"`, Reply: agentReply(true, "Wrote both files.", "")},
	)
	code, out, errOut := e.run("--provider", "script", "--script", s, "--approvals", "deny", "write docs with a sub-agent")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	id := e.onlySession()
	code, diff, errOut := e.run("diff", id)
	if code != 0 {
		t.Fatalf("diff: exit %d\n%s", code, errOut)
	}
	for _, want := range []string{"# turn 1 · agent.run", "+++ b/docs/new.txt", "+written by the sub-agent", "-kept\n+changed"} {
		if !strings.Contains(diff, want) {
			t.Errorf("wtagent diff lacks %q:\n%s", want, diff)
		}
	}
	code, out, errOut = e.run("undo", id)
	if code != 0 {
		t.Fatalf("undo: exit %d\n%s\n%s", code, out, errOut)
	}
	if _, ok := e.read("docs/new.txt"); ok {
		t.Error("docs/new.txt survived the undo")
	}
	if got, _ := e.read("docs/keep.txt"); got != "kept\n" {
		t.Errorf("docs/keep.txt = %q after undo, want %q", got, "kept\n")
	}
}
