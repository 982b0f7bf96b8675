package statusview

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/messages"
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
