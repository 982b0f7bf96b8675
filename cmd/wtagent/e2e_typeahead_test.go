//go:build linux

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/model"
)

// typeAheadScript: the first call waits until the test creates "go", so
// the test can type while it runs; the next message must carry the typed
// instruction.
func (e *env) typeAheadScript() string {
	e.write("wait.sh", "while [ ! -f go ]; do sleep 0.05; done; echo released\n")
	return e.script(
		model.ScriptLine{Reply: agentReply(false, "Wait.", callXML("terminal.exec", el("program", "sh"), items("argv", "wait.sh")))},
		model.ScriptLine{Expect: "<user_message>\n<![CDATA[also add a footer]]>\n</user_message>",
			Reply: agentReply(false, "Add the footer.", callXML("fs.write", el("path", "footer.html"), el("content", "<footer>hi</footer>\n")))},
		model.ScriptLine{Expect: `status="ok"`, Reply: agentReply(true, "Noted the footer request. Wrote footer.html.", "")},
	)
}

// sentWith lists the messages sent to the model that contain s.
func sentWith(evs []event.Event, s string) int {
	n := 0
	for _, ev := range evs {
		if ev.Type == event.EvModelMessageSending {
			var p event.MessageSentPayload
			json.Unmarshal(ev.Payload, &p)
			if strings.Contains(p.Text, s) {
				n++
			}
		}
	}
	return n
}

func TestTypedWhileItWorksReachesTheNextMessageOnce(t *testing.T) {
	e := newEnv(t)
	s := e.typeAheadScript()
	tm := e.startPTY("--provider", "script", "--script", s, "--approvals", "allow", "wait for me")
	// The prompt below the live view is not the idle one.
	tm.waitFor("queue › ", 0)
	at := tm.waitFor("terminal.exec sh wait.sh", 0)
	tm.send("also add a footer\r")
	at = tm.waitFor("you (queued for the next message): also add a footer", at)
	id := e.waitFor("the queued instruction", func(evs []event.Event) bool { return count(evs, event.EvQueued) == 1 })
	if _, out, _ := e.run("status", id); !strings.Contains(out, "queued    also add a footer") {
		t.Fatalf("status does not show the queued instruction:\n%s", out)
	}
	if _, out, _ := e.run("status", "--json", id); !strings.Contains(out, `"queued":[{"id":"q_`) || !strings.Contains(out, `"text":"also add a footer"`) {
		t.Fatalf("status --json does not show the queued instruction:\n%s", out)
	}
	os.WriteFile(filepath.Join(e.root, "go"), nil, 0o644)
	tm.waitFor("Noted the footer request.", at)
	if code := tm.exit(); code != 0 {
		t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
	}
	if n := sentWith(e.events(id), "also add a footer"); n != 1 {
		t.Fatalf("the typed instruction went out %d times, want once", n)
	}
	if !e.rolloutHasUser(id, "also add a footer") {
		t.Fatal("the rollout has no user message with the typed instruction")
	}
}

func TestTypedInstructionSurvivesKill9BeforeItWasSent(t *testing.T) {
	e := newEnv(t)
	s := e.typeAheadScript()
	tm := e.startPTY("--provider", "script", "--script", s, "--approvals", "allow", "wait for me")
	at := tm.waitFor("terminal.exec sh wait.sh", 0)
	tm.send("also add a footer\r")
	tm.waitFor("you (queued for the next message)", at)
	id := e.waitFor("the queued instruction", func(evs []event.Event) bool { return count(evs, event.EvQueued) == 1 })
	if err := tm.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	tm.exit()
	if n := sentWith(e.events(id), "also add a footer"); n != 0 {
		t.Fatalf("sent %d times before the kill", n)
	}
	os.WriteFile(filepath.Join(e.root, "go"), nil, 0o644)
	code, out, errOut := e.run("resume", id, "--provider", "script", "--script", s)
	if code != 0 {
		t.Fatalf("resume: exit %d\n%s\n%s", code, out, errOut)
	}
	if n := sentWith(e.events(id), "also add a footer"); n != 1 {
		t.Fatalf("after resume the typed instruction went out %d times, want once", n)
	}
}
