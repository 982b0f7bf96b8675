package statusview

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/session/event"
)

// Entry is one session as `wtagent status` and the prompt's /status show it.
type Entry struct {
	messages.Status
	// Dead is set for a session whose process is gone before its run ended.
	Dead   bool   `json:"dead,omitempty"`
	Resume string `json:"resume,omitempty"`
	State  string `json:"state"`
	// SubAgents are the session's sub-agents (agent.run), oldest first.
	SubAgents []SubAgent `json:"subagents,omitempty"`
}

// SubAgent is one sub-agent as the status shows it.
type SubAgent struct {
	ID      string        `json:"id"`
	Task    string        `json:"task"`
	Phase   event.Phase   `json:"phase"`
	Outcome event.Outcome `json:"outcome,omitempty"`
	Turn    int           `json:"turn"`
	// Elapsed is from its start to its last activity.
	Elapsed time.Duration `json:"elapsed_ns"`
}

// Print prints one session's status (without its actor tree: PrintTree
// prints that).
func Print(w io.Writer, e Entry) {
	st := e.Status
	state, phase := e.State, fmt.Sprintf("%s, turn %d", st.Phase, st.Turn)
	if e.State == "running" && waitingForInput(st) {
		state = "waiting for input"
		phase = fmt.Sprintf("waiting for input at its prompt (last task %s), turn %d", strings.ToLower(string(st.Phase)), st.Turn)
	}
	head := fmt.Sprintf("● %s  %s", st.SessionID, state)
	if e.Dead {
		head += fmt.Sprintf(" (its process died; last activity %s)", st.UpdatedAt.Local().Format("2006-01-02 15:04:05"))
	}
	fmt.Fprintln(w, head)
	fmt.Fprintf(w, "  root      %s\n", st.Root)
	if st.Sandbox != "" {
		fmt.Fprintf(w, "  sandbox   %s\n", st.Sandbox)
	}
	fmt.Fprintf(w, "  phase     %s\n", phase)
	if st.Paused != "" {
		fmt.Fprintf(w, "  paused: %s (/resume in its terminal hands the browser back)\n", st.Paused)
	}
	if st.Live {
		fmt.Fprintf(w, "  pid       %d, up %s\n", st.PID, time.Since(st.StartedAt).Round(time.Second))
		model := string(st.ModelState)
		if model == "" {
			model = "-"
		}
		fmt.Fprintf(w, "  model     %s (%s)", st.Provider, model)
		if st.Cursor != "" {
			fmt.Fprintf(w, " at %s", st.Cursor)
		}
		fmt.Fprintln(w)
		if st.Mode != nil {
			fmt.Fprintf(w, "  chatgpt   %s\n", st.Mode)
		}
		tools := st.Tools
		if len(tools) == 0 && st.Tool != nil {
			tools = []messages.CurrentTool{*st.Tool}
		}
		for _, t := range tools {
			fmt.Fprintf(w, "  tool      %s %s (%s)\n", t.Name, t.Summary, (time.Duration(t.ElapsedMS) * time.Millisecond).Round(100*time.Millisecond))
		}
		for _, q := range st.Queued {
			fmt.Fprintf(w, "  queued    %s\n", q.Text)
		}
		for _, p := range st.Processes {
			fmt.Fprintf(w, "  process   %s pid %d %s %s %s\n", p.ID, p.PID, p.State, p.Program, strings.Join(p.URLs, " "))
		}
		printMCP(w, st.Actors)
	}
	for _, a := range e.SubAgents {
		state := string(a.Outcome)
		if state == "" {
			state = strings.ToLower(string(a.Phase))
		}
		fmt.Fprintf(w, "  sub-agent %s %s, turn %d, %s: %s\n", a.ID, state, a.Turn, a.Elapsed.Round(100*time.Millisecond), oneLine(a.Task, 60))
	}
	if e.Resume != "" {
		fmt.Fprintf(w, "  resume with `%s`\n", e.Resume)
	}
}

// oneLine is text on one line, cut to n runes.
func oneLine(text string, n int) string {
	r := []rune(strings.Join(strings.Fields(text), " "))
	if len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return string(r)
}

// PrintTree prints a live session's supervised actors, each with its
// state, incarnation, restarts and last error (`wtagent status --tree`).
func PrintTree(w io.Writer, e Entry) {
	if !e.Live || len(e.Actors) == 0 {
		return
	}
	fmt.Fprintln(w, "  actors")
	for _, a := range e.Actors {
		extra := ""
		if a.Restarts > 0 {
			extra = fmt.Sprintf(", %d restarts", a.Restarts)
		}
		if a.LastError != "" {
			extra += ", last error: " + a.LastError
		}
		fmt.Fprintf(w, "    %-34s %-10s #%d%s\n", a.Path, a.State, a.Incarnation, extra)
	}
}

// waitingForInput reports whether a live session has no run going: its
// last run ended (or paused at the user's Ctrl+C) and it waits at its
// prompt for the next instruction.
func waitingForInput(st messages.Status) bool {
	if !st.Live || st.Paused != "" || st.Tool != nil || len(st.Tools) > 0 {
		return false
	}
	switch st.Phase {
	case event.PhaseCompleted, event.PhaseFailed, event.PhaseCancelled, event.PhasePaused:
		return true
	}
	return false
}

// mcpActors is where the MCP servers' actors sit in the tree: one child
// per server, named as the server, beside the front worker mcpFront
// (a name no server can have).
const (
	mcpActors = "/session/mcp/"
	mcpFront  = ".front"
)

// printMCP prints one line per MCP server of the run, from its actor.
func printMCP(w io.Writer, actors []messages.ActorInfo) {
	for _, a := range actors {
		_, name, ok := strings.Cut(a.Path, mcpActors)
		if !ok || name == "" || name == mcpFront || strings.Contains(name, "/") {
			continue
		}
		line := fmt.Sprintf("  mcp       %s %s", name, a.State)
		if a.Restarts > 0 {
			line += fmt.Sprintf(", %d restarts", a.Restarts)
		}
		if a.LastError != "" {
			line += ", last error: " + a.LastError
		}
		fmt.Fprintln(w, line)
	}
}
