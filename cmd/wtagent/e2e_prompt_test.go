//go:build linux

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/model"
)

// tasks lists the task of the env's one session and each instruction
// that followed it.
func (e *env) tasks() []string {
	e.t.Helper()
	var out []string
	for _, ev := range e.events(e.onlySession()) {
		switch ev.Type {
		case event.EvRunStarted, event.EvRunResumed, event.EvInstruction:
			var p struct {
				Task string `json:"task"`
				Text string `json:"text"`
			}
			json.Unmarshal(ev.Payload, &p)
			if p.Task+p.Text != "" {
				out = append(out, p.Task+p.Text)
			}
		}
	}
	return out
}

// doneScript answers every message with done=true.
func (e *env) doneScript(n int) string {
	var lines []model.ScriptLine
	for range n {
		lines = append(lines, model.ScriptLine{Reply: agentReply(true, "Done here.", "")})
	}
	return e.script(lines...)
}

// TestKeysTypedBeforeThePromptAreKept: what the user types while wtagent
// starts (before the prompt is drawn) reaches the prompt, and Enter
// typed then submits it instead of becoming a newline.
func TestKeysTypedBeforeThePromptAreKept(t *testing.T) {
	e := newEnv(t)
	tm := e.startPTY("--provider", "script", "--script", e.doneScript(1))
	tm.send("say hi\r") // at once: the terminal is still in cooked mode
	at := tm.waitFor("Done here.", 0)
	tm.waitIdle(at)
	tm.send("\x04")
	if code := tm.exit(); code != 0 {
		t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
	}
	if got := e.tasks(); len(got) != 1 || got[0] != "say hi" {
		t.Fatalf("tasks %q, want [\"say hi\"]; screen:\n%s", got, tm.screen())
	}
}

// TestCtrlCClearsTheLineFirst: Ctrl+C with text typed clears the line and
// keeps the prompt; Ctrl+C on an empty line ends the session.
func TestCtrlCClearsTheLineFirst(t *testing.T) {
	e := newEnv(t)
	tm := e.startPTY("--provider", "script", "--script", e.doneScript(1))
	at := tm.waitIdle(0)
	tm.send("a draft I regret")
	at = tm.waitFor("regret", at)
	tm.send("\x03")
	tm.send("the real task\r")
	at = tm.waitFor("Done here.", at)
	tm.waitIdle(at)
	tm.send("\x03")
	if code := tm.exit(); code != 0 {
		t.Fatalf("exit %d after Ctrl+C on an empty line; screen:\n%s", code, tm.screen())
	}
	if got := e.tasks(); len(got) != 1 || got[0] != "the real task" {
		t.Fatalf("tasks %q, want [\"the real task\"]; screen:\n%s", got, tm.screen())
	}
}

// TestTabCompletesAtPath: Tab completes an @path mention against the
// project, and the completed file is attached.
func TestTabCompletesAtPath(t *testing.T) {
	e := newEnv(t)
	if err := os.MkdirAll(filepath.Join(e.root, "docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(e.root, "docs", "guide-to-wtagent.md"), []byte("# Guide\n"), 0o644)
	os.WriteFile(filepath.Join(e.root, "docs", ".hidden"), []byte("x"), 0o644)
	tm := e.startPTY("--provider", "script", "--script", e.doneScript(1))
	at := tm.waitIdle(0)
	tm.send("summarise @do\t")
	at = tm.waitFor("@docs/", at)
	tm.send("gu\t")
	at = tm.waitFor("guide-to-wtagent.md", at)
	tm.send(" please\r")
	at = tm.waitFor("Done here.", at)
	tm.waitIdle(at)
	tm.send("\x04")
	if code := tm.exit(); code != 0 {
		t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
	}
	if got := e.tasks(); len(got) != 1 || got[0] != "summarise @docs/guide-to-wtagent.md please" {
		t.Fatalf("tasks %q; screen:\n%s", got, tm.screen())
	}
}

// TestTypingWhenARunEndsIsKept: a line half typed while a run works is
// still there in the prompt after the run ends (it used to be dropped).
func TestTypingWhenARunEndsIsKept(t *testing.T) {
	e := newEnv(t)
	e.write("wait.sh", "while [ ! -f go ]; do sleep 0.05; done; echo released\n")
	s := e.script(
		model.ScriptLine{Reply: agentReply(false, "Wait.", callXML("terminal.exec", el("program", "sh"), items("argv", "wait.sh")))},
		model.ScriptLine{Reply: agentReply(true, "Waited.", "")},
		model.ScriptLine{Reply: agentReply(true, "Done here.", "")})
	tm := e.startPTY("--provider", "script", "--script", s, "--approvals", "allow")
	at := tm.waitIdle(0)
	tm.send("wait for me\r")
	at = tm.waitFor("terminal.exec sh wait.sh", at)
	tm.send("the next thing")
	at = tm.waitFor("the next thing", at)
	os.WriteFile(filepath.Join(e.root, "go"), nil, 0o644)
	at = tm.waitFor("Waited.", at)
	at = tm.waitInput("you › the next thing", at)
	tm.send("\r")
	at = tm.waitFor("Done here.", at)
	tm.waitIdle(at)
	tm.send("\x04")
	if code := tm.exit(); code != 0 {
		t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
	}
	if got := e.tasks(); len(got) != 2 || got[1] != "the next thing" {
		t.Fatalf("tasks %q; screen:\n%s", got, tm.screen())
	}
}
