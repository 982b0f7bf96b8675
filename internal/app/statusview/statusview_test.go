package statusview

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/session/event"
)

// TestPrintListsMCPServers: a live session's MCP servers get a line each,
// from their actors, with restarts and the last error.
func TestPrintListsMCPServers(t *testing.T) {
	st := messages.Status{SessionID: "s1", Live: true, StartedAt: time.Now(), Actors: []messages.ActorInfo{
		{Path: "wtagent/session/mcp/.front", State: "running"},
		{Path: "wtagent/session/mcp/docs", State: "running", Incarnation: 2, Restarts: 1, LastError: "docs exited: exit status 3"},
		{Path: "wtagent/session/mcp/fs", State: "failed"},
		{Path: "wtagent/session/tools", State: "running"},
	}}
	var b bytes.Buffer
	Print(&b, Entry{Status: st, State: "running"})
	var got []string
	for _, l := range strings.Split(b.String(), "\n") {
		if strings.HasPrefix(l, "  mcp ") {
			got = append(got, strings.Join(strings.Fields(l), " "))
		}
	}
	want := []string{"mcp docs running, 1 restarts, last error: docs exited: exit status 3", "mcp fs failed"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("mcp lines %q, want %q\n%s", got, want, b.String())
	}
}

// TestPrintSaysWaitingForInput: a live session whose last run ended (or
// paused) and that runs no tool waits at its prompt, and says so; a run
// in progress, a takeover and a session that is not live show their
// phase.
func TestPrintSaysWaitingForInput(t *testing.T) {
	live := func(phase event.Phase) messages.Status {
		return messages.Status{SessionID: "s1", Live: true, Phase: phase, Turn: 6, StartedAt: time.Now()}
	}
	takeover := live(event.PhasePaused)
	takeover.Paused = "takeover"
	tool := live(event.PhaseCompleted)
	tool.Tools = []messages.CurrentTool{{Name: "terminal.exec"}}
	for _, tc := range []struct {
		name  string
		e     Entry
		state string
		phase string
	}{
		{"done, at the prompt", Entry{Status: live(event.PhaseCompleted), State: "running"}, "waiting for input", "waiting for input at its prompt (last task completed), turn 6"},
		{"paused by Ctrl+C", Entry{Status: live(event.PhasePaused), State: "running"}, "waiting for input", "waiting for input at its prompt (last task paused), turn 6"},
		{"waiting for the model", Entry{Status: live(event.PhaseWaitingModel), State: "running"}, "running", "WAITING_MODEL, turn 6"},
		{"a takeover", Entry{Status: takeover, State: "running"}, "running", "PAUSED, turn 6"},
		{"a tool running", Entry{Status: tool, State: "running"}, "running", "COMPLETED, turn 6"},
		{"not live", Entry{Status: messages.Status{SessionID: "s1", Phase: event.PhaseCompleted, Turn: 6}, State: "completed"}, "completed", "COMPLETED, turn 6"},
	} {
		var b bytes.Buffer
		Print(&b, tc.e)
		lines := strings.Split(b.String(), "\n")
		if lines[0] != "● s1  "+tc.state || !strings.Contains(b.String(), "  phase     "+tc.phase+"\n") {
			t.Errorf("%s:\n%s\nwant state %q, phase %q", tc.name, b.String(), tc.state, tc.phase)
		}
	}
}

// TestPrintListTree: the actor tree is printed only when asked for.
func TestPrintListTree(t *testing.T) {
	st := messages.Status{SessionID: "s1", Live: true, StartedAt: time.Now(), Phase: event.PhaseExecuting,
		Actors: []messages.ActorInfo{{Path: "wtagent/session/controller", State: "running", Incarnation: 1}}}
	for _, tree := range []bool{false, true} {
		var b bytes.Buffer
		PrintList(&b, []Entry{{Status: st, State: "running"}}, 0, tree)
		if got := strings.Contains(b.String(), "wtagent/session/controller"); got != tree {
			t.Errorf("tree %v:\n%s", tree, b.String())
		}
	}
}
