//go:build linux

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/model"
)

func TestAgentsMdRulesReachTheModel(t *testing.T) {
	e := newEnv(t)
	e.write("AGENTS.md", "Rule: indent with tabs (ROOT-RULE-7).\n")
	os.MkdirAll(filepath.Join(e.root, "web", "src"), 0o755)
	e.write("web/CLAUDE.md", "Web rule: no inline styles (WEB-RULE-9).\n")
	e.write("web/src/app.js", "console.log(1)\n")
	s := e.script(
		// The root's rule is in the bootstrap, as the user's project data.
		model.ScriptLine{Expect: `<file path="AGENTS.md"><![CDATA[Rule: indent with tabs (ROOT-RULE-7).`, Reply: agentReply(false, "Read.", callXML("fs.read", el("path", "web/src/app.js")))},
		// The directory's rule comes with the first call that works there.
		model.ScriptLine{Expect: `<file path="web/CLAUDE.md"><![CDATA[Web rule: no inline styles (WEB-RULE-9).`, Reply: agentReply(true, "Read it; nothing to change.", "")},
	)
	code, out, errOut := e.run("--provider", "script", "--script", s, "look at app.js")
	if code != 0 {
		t.Fatalf("run: exit %d\n%s\n%s", code, out, errOut)
	}
	id := e.onlySession()
	var first, second string
	for _, ev := range e.events(id) {
		if ev.Type == "model.message_sending" {
			if first == "" {
				first = string(ev.Payload)
			} else if second == "" {
				second = string(ev.Payload)
			}
		}
	}
	if !strings.Contains(first, "ROOT-RULE-7") || strings.Contains(first, "WEB-RULE-9") {
		t.Fatalf("bootstrap: want the root's AGENTS.md only:\n%s", first)
	}
	if strings.Contains(second, "ROOT-RULE-7") {
		t.Fatalf("the root's AGENTS.md was sent twice:\n%s", second)
	}

	code, out, _ = e.run("config", "-C", e.root)
	if code != 0 || !strings.Contains(out, "  AGENTS.md\n  web/CLAUDE.md\n") {
		t.Fatalf("config does not list the instruction files (exit %d):\n%s", code, out)
	}
}
