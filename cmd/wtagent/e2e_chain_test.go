//go:build linux

package main

import (
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/session/event"
)

// chainEnv is an env with the default config (8 calls per reply, chains
// of changes) and a small project: app.txt and test.sh, the project's
// tests, which pass when the three new files exist and app.txt was
// updated.
func chainEnv(t *testing.T) *env {
	t.Helper()
	e := newEnv(t)
	e.write("app.txt", "name: demo\nversion: 1\n")
	e.write("test.sh", "for f in web/index.html web/app.js web/style.css; do test -f $f || { echo missing $f; exit 1; }; done\n"+
		"grep -q 'version: 2' app.txt || { echo 'app.txt is not version 2'; exit 1; }\necho 'tests passed'\necho ran >> tests.log\n")
	return e
}

func patchXML(body string) string {
	return callXML("fs.patch", el("patch", "*** Begin Patch\n"+body+"*** End Patch\n"))
}

// scaffoldPatch adds three files and updates one.
const scaffoldPatch = "*** Add File: web/index.html\n+<h1>demo</h1>\n*** Add File: web/app.js\n+console.log('demo');\n" +
	"*** Add File: web/style.css\n+h1 { color: red; }\n*** Update File: app.txt\n@@\n name: demo\n-version: 1\n+version: 2\n"

func testXML() string { return callXML("terminal.exec", el("program", "sh"), items("argv", "test.sh")) }

// projectFiles reads every file under root but the session's own: path →
// content.
func projectFiles(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(root, p)
		out[rel] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestChainPatchThenTestsInOneMessage: one reply reads, patches three new
// files and one old one, and runs the tests; the four results come back
// in one message; wtagent diff shows the patch and undo takes it back.
func TestChainPatchThenTestsInOneMessage(t *testing.T) {
	e := chainEnv(t)
	before := projectFiles(t, e.root)
	s := e.script(
		model.ScriptLine{Expect: "then changes (fs.write, fs.edit, fs.patch, terminal.exec, process.start, process.stop) run one at a time in your order",
			Reply: agentReply(false, "Scaffold the site and run the tests.", readXML("app.txt")+callXML("fs.list", el("path", "."))+patchXML(scaffoldPatch)+testXML())},
		model.ScriptLine{Expect: `<tool_results calls="4">`, Reply: agentReply(true, "Added web/index.html, web/app.js, web/style.css; app.txt is version 2. Verified: sh test.sh, tests passed.", "")},
	)
	code, out, errOut := e.run("--provider", "script", "--script", s, "--approvals", "allow", "scaffold the site and run the tests")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	id := e.onlySession()
	msgs := resultTexts(t, e.events(id))
	if len(msgs) != 1 || heads(msgs[0].Text) != "1 fs.read ok, 2 fs.list ok, 3 fs.patch ok, 4 terminal.exec ok" {
		t.Fatalf("%d result messages; last %q", len(msgs), heads(msgs[len(msgs)-1].Text))
	}
	for _, want := range []string{"added web/index.html (+1 -0)", "updated app.txt (+1 -1)", "tests passed"} {
		if !strings.Contains(msgs[0].Text, want) {
			t.Errorf("the results lack %q:\n%s", want, msgs[0].Text)
		}
	}
	code, diff, errOut := e.run("diff", id)
	if code != 0 {
		t.Fatalf("diff: exit %d\n%s", code, errOut)
	}
	for _, want := range []string{"# turn 1 · fs.patch", "+++ b/web/index.html", "+<h1>demo</h1>", "-version: 1\n+version: 2"} {
		if !strings.Contains(diff, want) {
			t.Errorf("wtagent diff lacks %q:\n%s", want, diff)
		}
	}
	code, out, errOut = e.run("undo", id)
	if code != 0 {
		t.Fatalf("undo: exit %d\n%s\n%s", code, out, errOut)
	}
	after := projectFiles(t, e.root)
	for name, content := range before {
		if after[name] != content {
			t.Errorf("%s = %q after undo, want %q", name, after[name], content)
		}
	}
	for _, f := range []string{"web/index.html", "web/app.js", "web/style.css"} {
		if _, ok := after[f]; ok {
			t.Errorf("%s survived the undo", f)
		}
	}
}

// TestPatchMoveAndDeleteDiffAndUndo: a patch that moves a file (with a
// change), deletes one and adds one; wtagent diff shows the old path
// going, the new one coming and the deleted file's lines, and undo brings
// back both old files byte for byte and removes the new ones.
func TestPatchMoveAndDeleteDiffAndUndo(t *testing.T) {
	e := chainEnv(t)
	before := projectFiles(t, e.root)
	patch := "*** Update File: app.txt\n*** Move to: conf/app.txt\n@@\n name: demo\n-version: 1\n+version: 2\n" +
		"*** Delete File: test.sh\n*** Add File: web/index.html\n+<h1>demo</h1>\n"
	s := e.script(
		model.ScriptLine{Reply: agentReply(false, "Move the config, drop the old tests, add the page.", patchXML(patch))},
		model.ScriptLine{Expect: "moved app.txt → conf/app.txt (+1 -1)", Reply: agentReply(true, "Moved app.txt to conf/app.txt, deleted test.sh, added web/index.html.", "")},
	)
	if code, out, errOut := e.run("--provider", "script", "--script", s, "--approvals", "allow", "move app.txt to conf/app.txt as version 2, delete test.sh, add web/index.html"); code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	after := projectFiles(t, e.root)
	if _, ok := after["test.sh"]; ok || after["conf/app.txt"] != "name: demo\nversion: 2\n" || after["app.txt"] != "" {
		t.Fatalf("after the patch: %q", after)
	}
	id := e.onlySession()
	code, diff, errOut := e.run("diff", id)
	if code != 0 {
		t.Fatalf("diff: exit %d\n%s", code, errOut)
	}
	for _, want := range []string{
		"# turn 1 · fs.patch",
		"--- a/app.txt\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-name: demo\n-version: 1\n",
		"--- /dev/null\n+++ b/conf/app.txt\n@@ -0,0 +1,2 @@\n+name: demo\n+version: 2\n",
		"--- a/test.sh\n+++ /dev/null\n",
		"-echo 'tests passed'\n",
		"+++ b/web/index.html\n",
	} {
		if !strings.Contains(diff, want) {
			t.Errorf("wtagent diff lacks %q:\n%s", want, diff)
		}
	}
	if code, out, errOut := e.run("undo", id); code != 0 {
		t.Fatalf("undo: exit %d\n%s\n%s", code, out, errOut)
	}
	restored := projectFiles(t, e.root)
	for name, content := range before {
		if restored[name] != content {
			t.Errorf("%s = %q after undo, want %q", name, restored[name], content)
		}
	}
	for _, f := range []string{"conf/app.txt", "web/index.html"} {
		if _, ok := restored[f]; ok {
			t.Errorf("%s survived the undo", f)
		}
	}
}

// TestChainFailingHunkChangesNothing: a patch whose last hunk does not
// apply leaves every file byte-identical (the next reply's first call
// hashes every file: the same sums as before the run), names the file and
// hunk, and ends the chain: the tests after it are skipped. The model then
// sends the patch right, and it applies.
func TestChainFailingHunkChangesNothing(t *testing.T) {
	e := chainEnv(t)
	const sums = "find . -type f | sort | xargs sha256sum"
	want, err := exec.Command("sh", "-c", "cd "+e.root+" && "+sums).Output()
	if err != nil {
		t.Fatal(err)
	}
	bad := scaffoldPatch + "*** Update File: test.sh\n@@\n-echo 'no such line'\n+echo changed\n"
	hash := callXML("terminal.exec", el("program", "sh"), items("argv", "-c", sums))
	s := e.script(
		model.ScriptLine{Reply: agentReply(false, "Scaffold and test.", patchXML(bad)+testXML())},
		model.ScriptLine{Expect: `status="skipped"`, Reply: agentReply(false, "Check nothing changed, then patch right.", hash+patchXML(scaffoldPatch)+testXML())},
		model.ScriptLine{Expect: "tests passed", Reply: agentReply(true, "Scaffolded; sh test.sh passed.", "")},
	)
	if code, out, errOut := e.run("--provider", "script", "--script", s, "--approvals", "allow", "scaffold the site"); code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	msgs := resultTexts(t, e.events(e.onlySession()))
	if len(msgs) != 2 || heads(msgs[0].Text) != "1 fs.patch error, 2 terminal.exec skipped" ||
		heads(msgs[1].Text) != "1 terminal.exec ok, 2 fs.patch ok, 3 terminal.exec ok" {
		t.Fatalf("%d result messages; last %q", len(msgs), heads(msgs[len(msgs)-1].Text))
	}
	for _, want := range []string{"test.sh: hunk does not apply (hunk 1)", "nothing was written", "before it failed"} {
		if !strings.Contains(msgs[0].Text, want) {
			t.Errorf("the results lack %q:\n%s", want, msgs[0].Text)
		}
	}
	for _, line := range strings.Split(strings.TrimSpace(string(want)), "\n") {
		if !strings.Contains(msgs[1].Text, line) {
			t.Errorf("a file changed after the failed patch: %q is not in the sums\n%s", line, msgs[1].Text)
		}
	}
}

// TestChainFailingTestsEndTheChain: a failing test run ends the chain; the
// write after it is skipped and never happens.
func TestChainFailingTestsEndTheChain(t *testing.T) {
	e := chainEnv(t)
	half := "*** Add File: web/index.html\n+<h1>demo</h1>\n"
	s := e.script(
		model.ScriptLine{Reply: agentReply(false, "Add the page, test, then record.", patchXML(half)+testXML()+callXML("fs.write", el("path", "after.txt"), el("content", "x\n")))},
		model.ScriptLine{Expect: `status="skipped"`, Reply: agentReply(true, "The tests fail: web/app.js is missing.", "")},
	)
	if code, out, errOut := e.run("--provider", "script", "--script", s, "--approvals", "allow", "go ahead"); code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	if _, ok := e.read("after.txt"); ok {
		t.Error("after.txt was written after the tests failed")
	}
	msgs := resultTexts(t, e.events(e.onlySession()))
	if len(msgs) != 1 || heads(msgs[0].Text) != "1 fs.patch ok, 2 terminal.exec error, 3 fs.write skipped" {
		t.Fatalf("%d result messages; last %q", len(msgs), heads(msgs[len(msgs)-1].Text))
	}
	if !strings.Contains(msgs[0].Text, "missing web/app.js") {
		t.Errorf("the test output is not in the results:\n%s", msgs[0].Text)
	}
}

// TestChainOffSkipsTheSecondChange: chain-changes false restores issue
// 26's rule: the second change is skipped and never runs.
func TestChainOffSkipsTheSecondChange(t *testing.T) {
	e := chainEnv(t)
	if err := os.WriteFile(filepath.Join(e.home, "config.json"), []byte(`{"chain-changes": false}`), 0o600); err != nil {
		t.Fatal(err)
	}
	s := e.script(
		model.ScriptLine{Expect: "at most one change per reply", Reply: agentReply(false, "Patch, then test.", patchXML(scaffoldPatch)+testXML())},
		model.ScriptLine{Expect: `status="skipped"`, Reply: agentReply(true, "Patched; the tests come next.", "")},
	)
	if code, out, errOut := e.run("--provider", "script", "--script", s, "--approvals", "allow", "scaffold"); code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	if _, ok := e.read("tests.log"); ok {
		t.Error("the tests ran under chain-changes false")
	}
	if code, out, _ := e.run("config"); code != 0 || !strings.Contains(out, "chain-changes") || !strings.Contains(out, "false") {
		t.Errorf("wtagent config does not show chain-changes false: exit %d\n%s", code, out)
	}
}

// TestKill9MidChainResumesExactlyOnce: killed between two changes of a
// chain, resume runs the rest and nothing twice; killed while the second
// change runs, resume reports it unknown, skips the third and runs
// nothing again.
func TestKill9MidChainResumesExactlyOnce(t *testing.T) {
	chain := callXML("terminal.exec", el("program", "sh"), items("argv", "-c", "echo one >> runs.log")) +
		callXML("terminal.exec", el("program", "sh"), items("argv", "step2.sh")) +
		callXML("terminal.exec", el("program", "sh"), items("argv", "-c", "echo three >> runs.log"))
	t.Run("between two changes", func(t *testing.T) {
		e := chainEnv(t)
		e.write("step2.sh", "echo two >> runs.log\n")
		s := e.script(
			model.ScriptLine{Reply: agentReply(false, "Three steps.", chain)},
			model.ScriptLine{Expect: `<tool_results calls="3">`, Reply: agentReply(true, "Ran the three steps once.", "")},
		)
		e.runKilled(t, "WTAGENT_FAULT_BATCH_KILL=between-changes", "--provider", "script", "--script", s, "--approvals", "allow", "run three steps")
		if got, _ := e.read("runs.log"); got != "one\n" {
			t.Fatalf("runs.log = %q at the kill, want the first step only", got)
		}
		id := e.onlySession()
		if code, out, errOut := e.run("resume", id, "--approvals", "allow"); code != 0 {
			t.Fatalf("resume: exit %d\n%s\n%s", code, out, errOut)
		}
		if got, _ := e.read("runs.log"); got != "one\ntwo\nthree\n" {
			t.Fatalf("runs.log = %q, want each step once", got)
		}
		msgs := resultTexts(t, e.events(id))
		if len(msgs) != 1 || heads(msgs[0].Text) != "1 terminal.exec ok, 2 terminal.exec ok, 3 terminal.exec ok" {
			t.Fatalf("%d messages; results %q", len(msgs), heads(msgs[len(msgs)-1].Text))
		}
	})
	t.Run("while the second change runs", func(t *testing.T) {
		e := chainEnv(t)
		e.write("step2.sh", "echo two >> runs.log\nsleep 60\n")
		s := e.script(
			model.ScriptLine{Reply: agentReply(false, "Three steps.", chain)},
			model.ScriptLine{Expect: `status="unknown"`, Reply: agentReply(true, "Step two's outcome is unknown; I did not run it again.", "")},
		)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		cmd := e.command(ctx, "--provider", "script", "--script", s, "--approvals", "allow", "go ahead")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		id := e.waitFor("the second step running", func(evs []event.Event) bool {
			got, _ := e.read("runs.log")
			return count(evs, event.EvToolStarted) == 2 && got == "one\ntwo\n"
		})
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		waitGone(t, e.root)
		if code, out, errOut := e.run("resume", id, "--approvals", "allow"); code != 0 {
			t.Fatalf("resume: exit %d\n%s\n%s", code, out, errOut)
		}
		if got, _ := e.read("runs.log"); got != "one\ntwo\n" {
			t.Fatalf("runs.log = %q: a step ran again, or the one after the unknown ran", got)
		}
		evs := e.events(id)
		msgs := resultTexts(t, evs)
		if len(msgs) != 1 || heads(msgs[0].Text) != "1 terminal.exec ok, 2 terminal.exec unknown, 3 terminal.exec skipped" {
			t.Fatalf("%d messages; results %q", len(msgs), heads(msgs[len(msgs)-1].Text))
		}
		if n := count(evs, event.EvToolStarted); n != 2 {
			t.Errorf("%d tool.started over both runs, want 2", n)
		}
	})
}

// TestBrowserChainOneMessage runs a chain through real Chromium on the
// mock page: a read, a patch adding three files and updating one, and the
// tests; the page receives the four results in one message.
func TestBrowserChainOneMessage(t *testing.T) {
	needChromium(t)
	e := chainEnv(t)
	_, url := mockPage(t, []model.ScriptLine{
		{Expect: "then changes (fs.write, fs.edit, fs.patch", Reply: agentReply(false, "Scaffold and test.", readXML("app.txt")+patchXML(scaffoldPatch)+testXML())},
		{Expect: `<tool_result call="3" name="terminal.exec" status="ok"`, Reply: agentReply(true, "Scaffolded; sh test.sh passed.", "")},
	}, 2*time.Millisecond)
	code, out, errOut := e.run("--chatgpt-url", url, "--headless", "--approvals", "allow", "scaffold the site and run the tests")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	if got, _ := e.read("web/style.css"); got != "h1 { color: red; }\n" {
		t.Fatalf("web/style.css = %q", got)
	}
	msgs := resultTexts(t, e.events(e.onlySession()))
	want := "1 fs.read ok, 2 fs.patch ok, 3 terminal.exec ok"
	if len(msgs) != 1 || heads(msgs[0].Text) != want {
		t.Fatalf("%d result messages; want one with %q", len(msgs), want)
	}
}
