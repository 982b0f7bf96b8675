package export

import (
	"encoding/json"
	"os/exec"
	"reflect"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/internal/export/exporttest"
)

// decodeJSON decodes s into a generic value.
func decodeJSON(t *testing.T, s string) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("%v: %s", err, s)
	}
	return v
}

func TestToolMappings(t *testing.T) {
	const root = "/r"
	tests := []struct {
		tool, args   string
		codex        string
		codexArgs    map[string]any // subset of the arguments
		claude       string
		claudeInput  string // exact input
		wantWtagent  bool
		codexPatchIn string
	}{
		{tool: "terminal.exec", args: `{"argv":["-c","echo 'hi' $HOME"],"cwd":".","program":"sh","timeout_ms":0,"env":["A B=1","X=y z"]}`,
			codex: "exec_command", codexArgs: map[string]any{"cmd": `env 'A B=1' X='y z' sh -c "echo 'hi' \$HOME"`, "workdir": "/r"},
			claude:      "Bash",
			claudeInput: `{"command":"env 'A B=1' X='y z' sh -c \"echo 'hi' \\$HOME\"","description":"Run sh -c \"echo 'hi' \\$HOME\""}`, wantWtagent: true},
		{tool: "fs.write", args: `{"content":"a\nb","mode":"overwrite","path":"src/x.go"}`,
			codex: "apply_patch", codexPatchIn: "*** Begin Patch\n*** Add File: src/x.go\n+a\n+b\n*** End Patch\n",
			claude: "Write", claudeInput: `{"file_path":"/r/src/x.go","content":"a\nb"}`, wantWtagent: true},
		{tool: "fs.write", args: `{"content":"","mode":"overwrite","path":"empty"}`,
			codex: "apply_patch", codexPatchIn: "*** Begin Patch\n*** Add File: empty\n*** End Patch\n",
			claude: "Write", claudeInput: `{"file_path":"/r/empty","content":""}`, wantWtagent: true},
		{tool: "fs.edit", args: `{"new_text":"y","old_text":"x","path":"a.txt","replace_all":true}`,
			codex: "apply_patch", codexPatchIn: "*** Begin Patch\n*** Update File: a.txt\n@@\n-x\n+y\n*** End Patch\n",
			claude: "Edit", claudeInput: `{"file_path":"/r/a.txt","old_string":"x","new_string":"y","replace_all":true}`, wantWtagent: true},
		{tool: "fs.patch", args: `{"patch":"*** Begin Patch\r\n*** Add File: a\r\n+x\r\n*** Delete File: b\r\n*** End Patch"}`,
			codex: "apply_patch", codexPatchIn: "*** Begin Patch\n*** Add File: a\n+x\n*** Delete File: b\n*** End Patch\n",
			claude: "fs_patch", claudeInput: `{"patch":"*** Begin Patch\r\n*** Add File: a\r\n+x\r\n*** Delete File: b\r\n*** End Patch"}`},
		{tool: "fs.read", args: `{"limit":10,"offset":5,"path":"/abs/f"}`,
			codex: "exec_command", codexArgs: map[string]any{"cmd": "sed -n 6,15p /abs/f", "workdir": "/r"},
			claude: "Read", claudeInput: `{"file_path":"/abs/f","offset":6,"limit":10}`, wantWtagent: true},
		{tool: "fs.list", args: `{"depth":0,"include_hidden":true,"path":"src"}`,
			codex: "exec_command", codexArgs: map[string]any{"cmd": "find src -mindepth 1 -maxdepth 1", "workdir": "/r"},
			claude: "LS", claudeInput: `{"path":"/r/src"}`, wantWtagent: true},
		{tool: "fs.search", args: `{"case_insensitive":false,"glob":"","max_results":0,"path":".","pattern":"a.b","regex":true}`,
			codex: "exec_command", codexArgs: map[string]any{"cmd": "rg -n -e a.b .", "workdir": "/r"},
			claude: "Grep", claudeInput: `{"pattern":"a.b","path":"/r","output_mode":"content","-n":true}`, wantWtagent: true},
		{tool: "process.stop", args: `{"process_id":"p2"}`,
			codex: "process_stop", claude: "KillShell", claudeInput: `{"shell_id":"p2"}`},
		{tool: "process.list", args: `{}`, codex: "process_list", claude: "process_list", claudeInput: `{}`},
		{tool: "project.status", args: ``, codex: "project_status", claude: "project_status", claudeInput: `{}`},
		// Arguments that do not fit the tool keep the descriptive name.
		{tool: "terminal.exec", args: `{"program":42}`, codex: "terminal_exec", claude: "terminal_exec", claudeInput: `{"program":42}`},
		{tool: "weird tool/π", args: `{"a":1}`, codex: "weird_tool__", claude: "weird_tool__", claudeInput: `{"a":1}`},
		// An MCP tool exports as the CLIs' own MCP call: mcp__SERVER__TOOL, its arguments unchanged.
		{tool: "mcp.docs.search", args: `{"filter":{"a":[1]},"query":"go"}`, codex: "mcp__docs__search",
			claude: "mcp__docs__search", claudeInput: `{"filter":{"a":[1]},"query":"go"}`},
		{tool: "mcp.fs.read.v2", args: `{}`, codex: "mcp__fs__read_v2", claude: "mcp__fs__read_v2", claudeInput: `{}`},
		// A sub-agent is Claude Code's Agent call (Task before 2.1); Codex has no such tool: the call as it was.
		{tool: "agent.run", args: `{"mode":"read","paths":[],"task":"alpha: read a.txt and report its word"}`, codex: "agent_run",
			claude: "Agent", claudeInput: `{"description":"alpha: read a.txt and report","prompt":"alpha: read a.txt and report its word","subagent_type":"general-purpose"}`},
		{tool: "agent.run", args: `{"task":" "}`, codex: "agent_run", claude: "agent_run", claudeInput: `{"task":" "}`},
	}
	for _, tt := range tests {
		t.Run(tt.tool+" "+tt.codex, func(t *testing.T) {
			call := event.ToolCall{Name: tt.tool, CanonicalArgs: json.RawMessage(tt.args)}
			tool, err := codexFunction(call, root)
			if err != nil {
				t.Fatal(err)
			}
			if tool.name != tt.codex {
				t.Errorf("codex name %q, want %q", tool.name, tt.codex)
			}
			if tt.codexPatchIn != "" {
				// apply_patch is free-form: its input is the patch itself.
				if !tool.custom || tool.input != tt.codexPatchIn {
					t.Errorf("patch (custom %v):\n%s\nwant:\n%s", tool.custom, tool.input, tt.codexPatchIn)
				}
			} else {
				checkCodexArgs(t, tt.tool, tt.args, tool.args, tt.codexArgs, tt.wantWtagent)
			}
			cname, input, err := claudeTool(call, root)
			if err != nil {
				t.Fatal(err)
			}
			if cname != tt.claude || string(input) != tt.claudeInput {
				t.Errorf("claude = %s %s\n   want %s %s", cname, input, tt.claude, tt.claudeInput)
			}
		})
	}
}

// checkCodexArgs checks a function call's arguments: the wanted subset, and
// the original call kept in them (or being them).
func checkCodexArgs(t *testing.T, tool, origArgs, args string, want map[string]any, wantWtagent bool) {
	t.Helper()
	got := decodeJSON(t, args)
	for k, v := range want {
		if !reflect.DeepEqual(got[k], v) {
			t.Errorf("codex %s = %#v, want %#v", k, got[k], v)
		}
	}
	// Faithful: the original call is in the arguments, or is them.
	orig := map[string]any{}
	if origArgs != "" {
		orig = decodeJSON(t, origArgs)
	}
	if wantWtagent {
		if got["wtagent_tool"] != tool || !reflect.DeepEqual(got["wtagent_args"], any(orig)) {
			t.Errorf("codex arguments lost the original call: %s", args)
		}
	} else if !reflect.DeepEqual(got, orig) {
		t.Errorf("codex arguments %s, want the original %s", args, origArgs)
	}
}

func TestShellQuote(t *testing.T) {
	for in, want := range map[string]string{"": "''", "a/b-c.d_e:f,h@i%j+k": "a/b-c.d_e:f,h@i%j+k", "f=g": "'f=g'",
		"a b": "'a b'", "it's": `"it's"`, "$HOME": "'$HOME'", "*": "'*'", "é": "é", "a\nb": `$'a\nb'`, "n\x00ul": "nul"} {
		if got := shellQuote(in); got != want {
			t.Errorf("shellQuote(%q) = %s, want %s", in, got, want)
		}
	}
	// bash reads every quoted word back as the word itself.
	if bash, err := exec.LookPath("bash"); err == nil {
		for _, in := range []string{"", "a b", "it's", "$HOME `x`", "a\nb\tc", "é 中文", "!x", "~", "#c", "{a,b}"} {
			out, err := exec.Command(bash, "-c", "printf %s "+shellQuote(in)).Output()
			if err != nil || string(out) != in {
				t.Errorf("bash read %s as %q (%v), want %q", shellQuote(in), out, err, in)
			}
		}
	}
	if got := commandLine("go", []string{"test", "./..."}, "sub dir", []string{"GOFLAGS=-race"}); got != "cd 'sub dir' && GOFLAGS=-race go test ./..." {
		t.Errorf("commandLine = %s", got)
	}
}

func TestDerivedUUID(t *testing.T) {
	a, b := SessionUUID(exporttest.ID), SessionUUID("20250301-101500-0a1b2c3e")
	if a == b || a != SessionUUID(exporttest.ID) || !exporttest.UUIDPattern.MatchString(a) || a[14] != '4' {
		t.Fatalf("SessionUUID = %s / %s", a, b)
	}
}
