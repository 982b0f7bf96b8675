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

// execCallXML is a terminal.exec call in the model's reply format.
func execCallXML(program string, argv ...string) string {
	return callXML("terminal.exec", el("program", program), items("argv", argv...))
}

// effectCase is a command of one pattern group of issue 46 and the words
// its approval must say about its effect.
type effectCase struct {
	group, program string
	argv           []string
	words          string
}

// effectCases are what destroys or reaches beyond the sandbox, one per
// pattern group.
func effectCases() []effectCase {
	return []effectCase{
		{"database reset", "supabase", []string{"db", "reset"}, "every row is lost"},
		{"database drop", "psql", []string{"-h", "localhost", "-c", "DROP TABLE users"}, "drops the table `users`"},
		{"remote database", "psql", []string{"-h", "db.example.com", "-c", "select 1"}, "another machine"},
		{"git rm -r", "git", []string{"rm", "-rf", "."}, "deletes tracked files"},
		{"history rewrite", "git", []string{"lfs", "migrate", "import", "--everything"}, "rewrites the history"},
		{"discarding checkout", "git", []string{"checkout", "--", "."}, "discards uncommitted changes"},
		{"data file", "rm", []string{"app.db"}, "the data in it is lost"},
		{"system packages", "apt-get", []string{"install", "-y", "libpq-dev"}, "installed packages"},
		{"container control", "docker", []string{"restart", "api"}, "restarts the container api"},
		{"environment through a runner", "./bin/dotenv", []string{"--", "node", "-e", "console.log(process.env)"}, "whole environment"},
		{"inline code", "python3", []string{"-c", "import shutil; shutil.rmtree('src')"}, "deletes files"},
		{"script file", "python3", []string{"clean.py"}, "deletes files"},
	}
}

// approvalProject writes what the commands would destroy: a database
// file, src/, a .env, a dotenv runner, and two scripts as the model
// would have written them (not committed): one deletes src/, one reads.
func approvalProject(t *testing.T, root string) {
	t.Helper()
	for name, content := range map[string]string{
		"app.db":      "SQLite format 3\x00",
		"src/main.go": "package main\n",
		"README.md":   "readme-text-51\n",
		".env":        "PORT=5173\nSTRIPE_SECRET_KEY=sk_live_abcdefghijklmnop0123\n",
		// A dotenv-cli stand-in: runs the command after --.
		"bin/dotenv": "#!/bin/sh\nwhile [ \"$1\" != -- ]; do shift; done\nshift\nexec \"$@\"\n",
		"clean.py":   "import shutil\nshutil.rmtree('src')\n",
		"show.py":    "print(open('README.md').read().upper())\n",
	} {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

// TestApprovalNamesTheEffectOnATerminal: each pattern group asks on a
// terminal, the box says in plain words what the command destroys or
// reaches, "allow for this task" offers the exact command only, and a
// denial reaches the model.
func TestApprovalNamesTheEffectOnATerminal(t *testing.T) {
	e := newEnv(t)
	approvalProject(t, e.root)
	cases := effectCases()
	var lines []model.ScriptLine
	expect := ""
	for _, c := range cases {
		lines = append(lines, model.ScriptLine{Expect: expect, Reply: agentReply(false, "Step: "+c.group+".", execCallXML(c.program, c.argv...))})
		expect = `status="denied"`
	}
	lines = append(lines, model.ScriptLine{Expect: expect, Reply: agentReply(true, "Stopped: every step was denied.", "")})
	tm := e.startPTYCols(220, "--provider", "script", "--script", e.script(lines...), "--approvals", "prompt", "reset everything")
	for _, c := range cases {
		// The box is drawn in the live region, where only what differs
		// from the previous box is written again: wait for the screen.
		exact := "commands starting with `" + c.program + " " + strings.Join(c.argv, " ") + "`"
		tm.waitLive(6, "approval needed", c.words, "for this task means: "+exact, "[n] deny")
		tm.send("n")
	}
	tm.waitFor("Stopped: every step was denied.", 0)
	if code := tm.exit(); code != 0 {
		t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
	}
	for _, p := range []string{"app.db", "src/main.go"} {
		if _, err := os.Stat(filepath.Join(e.root, p)); err != nil {
			t.Errorf("%s is gone after a denial: %v", p, err)
		}
	}
}

// TestApprovalsDenyRefusesEachEffect: under --approvals deny every pattern
// group is refused before it runs, the reason (with the effect) goes to
// the model, and nothing is destroyed.
func TestApprovalsDenyRefusesEachEffect(t *testing.T) {
	e := newEnv(t)
	approvalProject(t, e.root)
	cases := effectCases()
	var lines []model.ScriptLine
	expect := ""
	for _, c := range cases {
		lines = append(lines, model.ScriptLine{Expect: expect, Reply: agentReply(false, "Step: "+c.group+".", execCallXML(c.program, c.argv...))})
		expect = c.words // the denial's reason reaches the model
	}
	lines = append(lines, model.ScriptLine{Expect: expect, Reply: agentReply(true, "Stopped.", "")})
	code, out, errOut := e.run("--provider", "script", "--script", e.script(lines...), "--approvals", "deny", "reset everything")
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	var reasons []string
	for _, ev := range e.events(e.onlySession()) {
		if ev.Type == event.EvToolStarted {
			t.Errorf("a tool started under --approvals deny: %s", ev.Payload)
		}
		var p event.PolicyPayload
		if ev.Type == event.EvPolicyDecided && json.Unmarshal(ev.Payload, &p) == nil && p.Decision == event.DecisionDeny {
			reasons = append(reasons, p.Reason)
		}
	}
	if len(reasons) != len(cases) {
		t.Fatalf("%d denials, want %d: %q", len(reasons), len(cases), reasons)
	}
	for i, c := range cases {
		if !strings.Contains(reasons[i], c.words) || !strings.Contains(reasons[i], "--approvals=deny refuses it") {
			t.Errorf("%s: denial %q does not say %q", c.group, reasons[i], c.words)
		}
	}
	for _, p := range []string{"app.db", "src/main.go"} {
		if _, err := os.Stat(filepath.Join(e.root, p)); err != nil {
			t.Errorf("%s is gone: %v", p, err)
		}
	}
}

// TestHarmlessPatternsRunWithoutAsking: read-only inline code, a glob in
// a listing, a read-only script file the model wrote and a runner wrapper around code that prints nothing secret
// run without a question — under --approvals deny, where any question
// would be a denial.
func TestHarmlessPatternsRunWithoutAsking(t *testing.T) {
	e := newEnv(t)
	approvalProject(t, e.root)
	calls := []struct{ call, output string }{
		{execCallXML("python3", "-c", "print(open('README.md').read().upper())"), "README-TEXT-51"},
		{execCallXML("bash", "-lc", "ls src/*.go"), "src/main.go"},
		{execCallXML("python3", "show.py"), "README-TEXT-51"},
		{execCallXML("./bin/dotenv", "--", "python3", "-c", "import os; print('port', os.environ.get('PORT', '5173'))"), "port 5173"},
	}
	var lines []model.ScriptLine
	expect := ""
	for _, c := range calls {
		lines = append(lines, model.ScriptLine{Expect: expect, Reply: agentReply(false, "Look.", c.call)})
		expect = c.output
	}
	lines = append(lines, model.ScriptLine{Expect: expect, Reply: agentReply(true, "Looked.", "")})
	code, out, errOut := e.run("--provider", "script", "--script", e.script(lines...), "--approvals", "deny", "look around")
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	evs := e.events(e.onlySession())
	if n := count(evs, event.EvApprovalRequired); n != 0 {
		t.Errorf("%d approvals asked for harmless commands", n)
	}
	for _, ev := range evs {
		var p event.PolicyPayload
		if ev.Type == event.EvPolicyDecided && json.Unmarshal(ev.Payload, &p) == nil && p.Decision != event.DecisionAllow {
			t.Errorf("a harmless command was not allowed: %s %s", p.Subject, p.Reason)
		}
	}
	if started := count(evs, event.EvToolStarted); started != len(calls) {
		t.Errorf("%d tools started, want %d", started, len(calls))
	}
}
