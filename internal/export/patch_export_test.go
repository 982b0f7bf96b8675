package export

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/internal/export/exporttest"
	"github.com/wtagent/wtagent/session/event"
)

// patchEvents is a session with one fs.patch that adds a file, updates
// one (two hunks), moves one and deletes one.
func patchEvents(t *testing.T) []event.Event {
	b := &exporttest.Builder{T: t}
	b.Add(event.EvSessionCreated, "", event.TextPayload{Text: exporttest.ID})
	b.Add(event.EvRunStarted, "", event.RunStartedPayload{Task: "scaffold", Root: exporttest.Root, Provider: "chatgpt", PID: 1})
	b.Add(event.EvConversationStart, "", map[string]string{"cursor": "https://chatgpt.com/c/abc"})
	b.Exchange(event.OutboundBootstrap, nil, "<agent_response>…</agent_response>", "Scaffolding.", false)
	patch := "*** Begin Patch\n*** Add File: web/index.html\n+<h1>Hi</h1>\n*** Update File: app.txt\n@@\n a\n-b\n+B\n@@\n-d\n+D\n" +
		"*** Update File: old.go\n*** Move to: new.go\n@@\n-x\n+y\n*** Delete File: gone.txt\n*** End Patch\n"
	data := `{"files":[{"path":"web/index.html","action":"added","added":1,"removed":0},{"path":"app.txt","action":"updated","added":2,"removed":2},` +
		`{"path":"old.go","action":"moved","moved_to":"new.go","added":1,"removed":1},{"path":"gone.txt","action":"deleted","added":0,"removed":1}]}`
	// The diff as fs.patch writes it: by path, a move as a delete and an add.
	diff := "--- /dev/null\n+++ b/web/index.html\n@@ -0,0 +1 @@\n+<h1>Hi</h1>\n--- a/app.txt\n+++ b/app.txt\n@@ -1,4 +1,4 @@\n a\n-b\n+B\n c\n-d\n+D\n" +
		"--- a/gone.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-bye\n--- /dev/null\n+++ b/new.go\n@@ -0,0 +1 @@\n+y\n--- a/old.go\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n"
	k := b.Tool("fs.patch", map[string]any{"patch": patch}, event.ToolResult{Status: event.ToolOK, Message: "patched 4 file(s)",
		Changed: []string{"web/index.html", "app.txt", "old.go", "new.go", "gone.txt"}, Data: json.RawMessage(data), Diff: diff})
	b.Exchange(event.OutboundToolResult, []string{k}, "<agent_response>…</agent_response>", "Done.", true)
	return b.Events
}

// TestClaudeExportsAPatchFileByFile: an fs.patch becomes Claude Code's own
// calls, one per file (Write, MultiEdit, Bash mv and Edit, Bash rm), each
// with its tool_result naming its file and the diff of that file only.
func TestClaudeExportsAPatchFileByFile(t *testing.T) {
	var buf bytes.Buffer
	if err := Claude(patchEvents(t), fixtureMeta(), &buf); err != nil {
		t.Fatal(err)
	}
	st := exporttest.ClaudeHistory(t, buf.Bytes())
	if st.Calls != 5 || st.Outputs != 5 {
		t.Fatalf("stats %+v, want 5 tool uses and 5 results", st)
	}
	var uses, results []map[string]any
	for _, l := range exporttest.JSONLines(t, buf.Bytes()) {
		msg, _ := l["message"].(map[string]any)
		blocks, _ := msg["content"].([]any)
		for _, bl := range blocks {
			b := bl.(map[string]any)
			switch b["type"] {
			case "tool_use":
				uses = append(uses, b)
			case "tool_result":
				b["toolUseResult"] = l["toolUseResult"]
				results = append(results, b)
			}
		}
	}
	want := []struct {
		name   string
		input  map[string]any
		result string
	}{
		{"Write", map[string]any{"file_path": exporttest.Root + "/web/index.html", "content": "<h1>Hi</h1>\n"}, "added web/index.html (+1 -0)"},
		{"MultiEdit", map[string]any{"file_path": exporttest.Root + "/app.txt", "edits": []any{
			map[string]any{"old_string": "a\nb", "new_string": "a\nB"}, map[string]any{"old_string": "d", "new_string": "D"}}}, "updated app.txt (+2 -2)"},
		{"Bash", map[string]any{"command": "mv old.go new.go"}, "moved old.go → new.go (+1 -1)"},
		{"Edit", map[string]any{"file_path": exporttest.Root + "/new.go", "old_string": "x", "new_string": "y"}, "moved old.go → new.go (+1 -1)"},
		{"Bash", map[string]any{"command": "rm gone.txt"}, "deleted gone.txt (+0 -1)"},
	}
	if len(uses) != len(want) || len(results) != len(want) {
		t.Fatalf("%d uses, %d results", len(uses), len(results))
	}
	for i, w := range want {
		in, _ := uses[i]["input"].(map[string]any)
		for k, v := range w.input {
			if !reflect.DeepEqual(in[k], v) {
				t.Errorf("use %d (%v): %s = %#v, want %#v", i, uses[i]["name"], k, in[k], v)
			}
		}
		if uses[i]["name"] != w.name {
			t.Errorf("use %d = %v, want %s", i, uses[i]["name"], w.name)
		}
		if results[i]["tool_use_id"] != uses[i]["id"] || results[i]["content"] != w.result {
			t.Errorf("result %d = %v for %v, want %q for %v", i, results[i]["content"], results[i]["tool_use_id"], w.result, uses[i]["id"])
		}
	}
	tur, _ := json.Marshal(results[1]["toolUseResult"])
	if !strings.Contains(string(tur), `"+B"`) || strings.Contains(string(tur), "Hi") {
		t.Errorf("the MultiEdit's structuredPatch is not app.txt's alone: %s", tur)
	}
}

// TestCodexExportsAPatchAsApplyPatch: Codex gets the patch itself.
func TestCodexExportsAPatchAsApplyPatch(t *testing.T) {
	var buf bytes.Buffer
	if err := Codex(patchEvents(t), fixtureMeta(), &buf); err != nil {
		t.Fatal(err)
	}
	st := exporttest.CodexHistory(t, buf.Bytes())
	if st.Calls != 1 || st.Outputs != 1 {
		t.Fatalf("stats %+v", st)
	}
	if !bytes.Contains(buf.Bytes(), []byte(`"name":"apply_patch"`)) || !bytes.Contains(buf.Bytes(), []byte(`*** Move to: new.go\n@@\n-x\n+y\n*** Delete File: gone.txt`)) {
		t.Errorf("codex export lacks the apply_patch call:\n%s", buf.String())
	}
}

// TestCodexPatchApplyEndNamesEveryFile: the patch's patch_apply_end event
// carries a status (Codex drops the event without one) and one change per
// file in Codex's FileChange shape, by absolute path: the add's content,
// the update's diff, the move's hunks and new path, the delete.
func TestCodexPatchApplyEndNamesEveryFile(t *testing.T) {
	var buf bytes.Buffer
	if err := Codex(patchEvents(t), fixtureMeta(), &buf); err != nil {
		t.Fatal(err)
	}
	var end map[string]any
	for _, l := range exporttest.JSONLines(t, buf.Bytes()) {
		if p, _ := l["payload"].(map[string]any); p["type"] == "patch_apply_end" {
			end = p
		}
	}
	if end == nil || end["status"] != "completed" || end["success"] != true {
		t.Fatalf("patch_apply_end %v", end)
	}
	root := exporttest.Root + "/"
	want := map[string]any{
		root + "web/index.html": map[string]any{"type": "add", "content": "<h1>Hi</h1>\n"},
		root + "app.txt": map[string]any{"type": "update",
			"unified_diff": "--- a/app.txt\n+++ b/app.txt\n@@ -1,4 +1,4 @@\n a\n-b\n+B\n c\n-d\n+D\n"},
		root + "old.go":   map[string]any{"type": "update", "unified_diff": "@@\n-x\n+y\n", "move_path": root + "new.go"},
		root + "gone.txt": map[string]any{"type": "delete", "content": "bye\n"},
	}
	if !reflect.DeepEqual(end["changes"], want) {
		t.Errorf("changes\n got %#v\nwant %#v", end["changes"], want)
	}
}

// TestDeletedContent: the content of a deleted file comes from its own
// section of the diff, not a neighbour's.
func TestDeletedContent(t *testing.T) {
	diff := "--- a/keep.txt\n+++ b/keep.txt\n@@ -1 +1 @@\n-old\n+new\n--- a/gone.txt\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-one\n-two\n" +
		"--- /dev/null\n+++ b/other.txt\n@@ -0,0 +1 @@\n+x\n"
	for _, tc := range []struct{ path, want string }{{"gone.txt", "one\ntwo\n"}, {"keep.txt", ""}, {"other.txt", ""}} {
		if got := deletedContent(diff, tc.path); got != tc.want {
			t.Errorf("deletedContent(%s) = %q, want %q", tc.path, got, tc.want)
		}
	}
}
