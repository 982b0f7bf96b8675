//go:build linux

package main

import (
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/model"
)

// TestResumeListsOnlyLiveServers: a dev server started before a kill -9
// died with that process; the resumed run's summary does not list its URL
// under "Running at".
func TestResumeListsOnlyLiveServers(t *testing.T) {
	e := newEnv(t)
	e.write("wait.sh", "while [ ! -f go ]; do sleep 0.05; done\n")
	s := e.script(
		model.ScriptLine{Reply: agentReply(false, "Serve.", callXML("process.start", el("program", "python3"),
			items("argv", "-m", "http.server", "0", "--bind", "127.0.0.1")))},
		model.ScriptLine{Expect: "http://127.0.0.1:", Reply: agentReply(false, "Wait.", callXML("terminal.exec", el("program", "sh"), items("argv", "wait.sh")))},
		model.ScriptLine{Reply: agentReply(true, "Stopped waiting.", "")})
	id, _ := e.startAndKill(func(evs []event.Event) bool {
		return count(evs, event.EvToolStarted) == 2
	}, "--provider", "script", "--script", s, "--approvals", "allow", "serve the folder")
	waitGone(t, e.root)
	code, out, errOut := e.run("resume", id, "--provider", "script", "--script", s, "--approvals", "allow")
	if code != 0 || !strings.Contains(out, "Stopped waiting.") {
		var log []string
		for _, ev := range e.events(id) {
			log = append(log, string(ev.Type)+" "+string(ev.Payload))
		}
		t.Fatalf("resume: exit %d\n%s\n%s\nevents:\n%s", code, out, errOut, strings.Join(log, "\n"))
	}
	if strings.Contains(out, "Running at") || strings.Contains(out, "http://127.0.0.1:") {
		t.Fatalf("the resumed run lists a server that died with the killed process:\n%s", out)
	}
}
