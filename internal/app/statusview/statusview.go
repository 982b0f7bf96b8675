package statusview

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/wtagent/wtagent/messages"
)

// Entry is one session as `wtagent status` and the prompt's /status show it.
type Entry struct {
	messages.Status
	// Dead is set for a session whose process is gone before its run ended.
	Dead   bool   `json:"dead,omitempty"`
	Resume string `json:"resume,omitempty"`
	State  string `json:"state"`
}

// Print prints one session's status.
func Print(w io.Writer, e Entry) {
	st := e.Status
	head := fmt.Sprintf("● %s  %s", st.SessionID, e.State)
	if e.Dead {
		head += fmt.Sprintf(" (its process died; last activity %s)", st.UpdatedAt.Local().Format("2006-01-02 15:04:05"))
	}
	fmt.Fprintln(w, head)
	fmt.Fprintf(w, "  root      %s\n", st.Root)
	if st.Sandbox != "" {
		fmt.Fprintf(w, "  sandbox   %s\n", st.Sandbox)
	}
	fmt.Fprintf(w, "  phase     %s, turn %d\n", st.Phase, st.Turn)
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
		if len(st.Actors) > 0 {
			fmt.Fprintln(w, "  actors")
			for _, a := range st.Actors {
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
	}
	if e.Resume != "" {
		fmt.Fprintf(w, "  resume with `%s`\n", e.Resume)
	}
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
