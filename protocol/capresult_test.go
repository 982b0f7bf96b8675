package protocol

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"
)

// TestCapResult: a result over the limit keeps the head and tail of each
// large field and says how much was cut; one within it, or no limit,
// keeps everything.
func TestCapResult(t *testing.T) {
	big := strings.Repeat("a", 500) + strings.Repeat("z", 500)
	cases := []struct {
		name  string
		res   event.ToolResult
		limit int
		check func(event.ToolResult) bool
	}{
		{"within the limit", event.ToolResult{Stdout: "short", Message: "ok"}, 100,
			func(r event.ToolResult) bool { return r.Stdout == "short" && r.Message == "ok" }},
		{"no limit", event.ToolResult{Stdout: big}, 0,
			func(r event.ToolResult) bool { return r.Stdout == big }},
		{"stdout cut, head and tail kept", event.ToolResult{Stdout: big, Message: "exit 0"}, 400,
			func(r event.ToolResult) bool {
				return r.Message == "exit 0" && strings.HasPrefix(r.Stdout, strings.Repeat("a", 50)+"\n[… 900 bytes cut by wtagent's output limit …]\n") &&
					strings.HasSuffix(r.Stdout, "\n"+strings.Repeat("z", 50))
			}},
		{"each large field cut", event.ToolResult{Stdout: big, Stderr: big, Diff: big}, 400,
			func(r event.ToolResult) bool {
				return strings.Contains(r.Stdout, "900 bytes cut") && strings.Contains(r.Stderr, "900 bytes cut") && strings.Contains(r.Diff, "900 bytes cut")
			}},
		{"data cut stays JSON", event.ToolResult{Data: json.RawMessage(`"` + big + `"`)}, 400,
			func(r event.ToolResult) bool {
				var d struct{ Truncated string }
				return json.Unmarshal(r.Data, &d) == nil && strings.Contains(d.Truncated, "bytes cut")
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := CapResult(c.res, c.limit); !c.check(got) {
				t.Fatalf("CapResult(limit %d) = %+v", c.limit, got)
			}
		})
	}
}

// TestProcessEvent: the note names the process and its state, with the
// reason escaped for XML.
func TestProcessEvent(t *testing.T) {
	cases := []struct {
		id    string
		state event.ProcessState
		why   string
		want  string
	}{
		{"p1", event.ProcessCrashed, "exit status 1", `<process_event process_id="p1" status="crashed">exit status 1</process_event>`},
		{"p2", event.ProcessExited, "", `<process_event process_id="p2" status="exited"></process_event>`},
		{"p3", event.ProcessCrashed, "a < b && c > d", `<process_event process_id="p3" status="crashed">a &lt; b &amp;&amp; c &gt; d</process_event>`},
	}
	for _, c := range cases {
		if got := ProcessEvent(c.id, c.state, c.why); got != c.want {
			t.Errorf("ProcessEvent(%q, %q, %q) = %s, want %s", c.id, c.state, c.why, got, c.want)
		}
	}
}
