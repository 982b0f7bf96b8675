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

// TestSubAgentsSideBySideDiffEachTheirOwn: two write sub-agents of one
// reply change files at the same time; `wtagent diff` shows each one's
// files under its own agent.run call only, and `wtagent undo` puts both
// back.
func TestSubAgentsSideBySideDiffEachTheirOwn(t *testing.T) {
	e := batchEnv(t, "8")
	lines := leftRightWriters(t, e, "write left/l.txt", "write right/r.txt", "Both sides written.")
	for _, n := range []string{"left", "right"} {
		lines = append(lines,
			model.ScriptLine{Agent: n, DelayMS: 300, Reply: agentReply(false, "Writing.", callXML("fs.write", el("path", n+"/"+n[:1]+".txt"), el("content", "by "+n+"\n")))},
			model.ScriptLine{Agent: n, Expect: `status="ok"`, DelayMS: 300, Reply: agentReply(true, "Wrote "+n+".", "")})
	}
	code, out, errOut := e.run("--provider", "script", "--script", e.script(lines...), "--approvals", "deny", "write both sides")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	id := e.onlySession()
	code, diff, errOut := e.run("diff", id)
	if code != 0 {
		t.Fatalf("diff: exit %d\n%s", code, errOut)
	}
	sections := strings.Split(diff, "# turn ")[1:]
	if len(sections) != 2 {
		t.Fatalf("%d diff sections, want one per sub-agent:\n%s", len(sections), diff)
	}
	for _, sec := range sections {
		has := func(n string) bool { return strings.Contains(sec, "+++ b/"+n+"/") }
		if !strings.HasPrefix(sec, "1 · agent.run") || has("left") == has("right") {
			t.Errorf("a section is not one sub-agent's own files:\n%s", sec)
		}
	}
	if code, out, errOut := e.run("undo", id); code != 0 {
		t.Fatalf("undo: exit %d\n%s\n%s", code, out, errOut)
	}
	for _, f := range []string{"left/l.txt", "right/r.txt"} {
		if _, ok := e.read(f); ok {
			t.Errorf("%s survived the undo", f)
		}
	}
}
