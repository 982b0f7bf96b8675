//go:build linux

package main

import (
	"regexp"
	"testing"

	"github.com/wtagent/wtagent/model"
)

// TestSlashStatusShowsSubAgents: /status at the interactive prompt shows
// the session's sub-agents (state, turn, elapsed, task) as `wtagent
// status` does.
func TestSlashStatusShowsSubAgents(t *testing.T) {
	e := batchEnv(t, "8")
	s := e.script(
		model.ScriptLine{Expect: "<task project", Reply: agentReply(false, "One sub-agent.", agentRunXML("solo: read a.txt and report its word"))},
		model.ScriptLine{Expect: "The word is alpha-content", Reply: agentReply(true, "The sub-agent read alpha-content.", "")},
		model.ScriptLine{Agent: "solo", Reply: agentReply(false, "Reading.", readXML("a.txt"))},
		model.ScriptLine{Agent: "solo", Expect: "alpha-content", Reply: agentReply(true, "The word is alpha-content.", "")},
	)
	tm := e.startPTY("--provider", "script", "--script", s, "--approvals", "deny")
	at := tm.waitIdle(0)
	tm.send("ask a sub-agent\r")
	at = tm.waitFor("The sub-agent read alpha-content.", at)
	at = tm.waitIdle(at)
	id := e.onlySession()
	tm.send("/status\r")
	at = tm.waitFor("● "+id, at)
	at = tm.waitFor("running (waiting for your prompt)", at)
	line := regexp.MustCompile(`sub-agent \S+ completed, turn 2, [0-9.]+m?s: solo: read a\.txt`)
	at = tm.waitUntil("the sub-agent's status line", func(out string) (int, bool) {
		if loc := line.FindStringIndex(out[at:]); loc != nil {
			return at + loc[1], true
		}
		return 0, false
	})
	tm.waitIdle(at)
}
