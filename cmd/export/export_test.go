package export

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/export"
	"github.com/wtagent/wtagent/internal/export/install"
	"github.com/wtagent/wtagent/internal/iostreams"
	"github.com/wtagent/wtagent/session"
)

const testID = "20261202-143000-1a2b3c4d"

func TestNewCmdExport(t *testing.T) {
	tests := []struct {
		name    string
		args    string
		want    Options
		wantErr string
	}{
		{name: "default format", args: testID, want: Options{ID: testID, Format: "codex"}},
		{name: "claude install", args: testID + " --format claude-code --install",
			want: Options{ID: testID, Format: "claude-code", Install: true}},
		{name: "output", args: testID + " -o out.jsonl", want: Options{ID: testID, Format: "codex", Output: "out.jsonl"}},
		{name: "bad format", args: testID + " --format zed", wantErr: `--format must be codex or claude-code, not "zed"`},
		{name: "install and output", args: testID + " --install -o x", wantErr: "--install and --output cannot be used together"},
		{name: "bad id", args: "../etc", wantErr: "session id"},
		{name: "no id", args: "", wantErr: "give a session id; see wtagent sessions"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			f := &cmdutil.Factory{IOStreams: ios}
			var got *Options
			cmd := NewCmdExport(f, func(o *Options) error { got = o; return nil })
			cmd.SetArgs(strings.Fields(tt.args))
			cmd.SetOut(io.Discard)
			cmd.SetErr(io.Discard)
			err := cmd.Execute()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
				var fe *cmdutil.FlagError
				if !strings.HasPrefix(tt.wantErr, "accepts") && !errors.As(err, &fe) {
					t.Errorf("error %v is not a usage error", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.ID != tt.want.ID || got.Format != tt.want.Format || got.Output != tt.want.Output || got.Install != tt.want.Install {
				t.Errorf("options %+v, want %+v", *got, tt.want)
			}
		})
	}
}

// testSession records a short session (a task, a reply with a write and
// its result) in a new data root and returns the environment that finds
// it.
func testSession(t *testing.T, root string) map[string]string {
	t.Helper()
	home := t.TempDir()
	h, err := session.NewHome(home)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.EnsureLayout(); err != nil {
		t.Fatal(err)
	}
	created := time.Date(2026, 12, 2, 14, 30, 0, 0, time.UTC)
	s, err := session.Create(h, session.Meta{ID: testID, Root: root, Task: "write a", Provider: "script",
		Created: created, AgentVersion: "0.1.0"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	l, err := s.OpenLog()
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	payload := func(v any) json.RawMessage {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	call := event.ToolCall{Name: "fs.write", CanonicalArgs: json.RawMessage(`{"content":"a\n","mode":"overwrite","path":"a.txt"}`)}
	events := []event.Event{
		{Type: event.EvRunStarted, Payload: payload(event.RunStartedPayload{Task: "write a", Root: root, Provider: "script"})},
		{Type: event.EvProtocolParsed, Payload: payload(event.ParsedPayload{Message: "Writing a."})},
		{Type: event.EvToolProposed, CallID: "call_1", Payload: payload(event.ToolProposedPayload{Call: call})},
		{Type: event.EvToolCompleted, CallID: "call_1", Payload: payload(event.ToolCompletedPayload{
			Result: event.ToolResult{CallID: "call_1", Tool: "fs.write", Status: event.ToolOK, Message: "created a.txt"}})},
	}
	for i, ev := range events {
		ev.SessionID, ev.TS = testID, created.Add(time.Duration(i+1)*time.Second)
		if _, err := l.Write(ev, true); err != nil {
			t.Fatal(err)
		}
	}
	return map[string]string{"WTAGENT_HOME": home, "HOME": t.TempDir()}
}

func TestExportRun(t *testing.T) {
	t.Setenv("TZ", "UTC")
	root := filepath.Join(t.TempDir(), "my project")
	if err := os.MkdirAll(root, 0o755); err != nil {
		t.Fatal(err)
	}
	uuid := export.SessionUUID(testID)
	last := time.Date(2026, 12, 2, 14, 30, 4, 0, time.UTC)
	tests := []struct {
		name      string
		opts      Options
		env       map[string]string
		wantPath  string // relative to the env var named in pathUnder
		pathUnder string
		wantOut   string
		wantErr   string
	}{
		{name: "codex install under CODEX_HOME", opts: Options{Format: "codex", Install: true},
			env: map[string]string{"CODEX_HOME": "codexhome"}, pathUnder: "CODEX_HOME",
			wantPath: "sessions/2026/12/02/rollout-2026-12-02T14-30-00-" + uuid + ".jsonl",
			wantOut:  "cd '" + root + "' && codex resume " + uuid + "\n"},
		{name: "codex install under HOME", opts: Options{Format: "codex", Install: true}, pathUnder: "HOME",
			wantPath: ".codex/sessions/2026/12/02/rollout-2026-12-02T14-30-00-" + uuid + ".jsonl",
			wantOut:  "cd '" + root + "' && codex resume " + uuid + "\n"},
		{name: "claude install under HOME", opts: Options{Format: "claude-code", Install: true}, pathUnder: "HOME",
			wantPath: ".claude/projects/" + install.ClaudeProject(root) + "/" + uuid + ".jsonl",
			wantOut:  "cd '" + root + "' && claude -r " + uuid + "\n"},
		{name: "claude install under CLAUDE_CONFIG_DIR", opts: Options{Format: "claude-code", Install: true},
			env: map[string]string{"CLAUDE_CONFIG_DIR": "claudecfg"}, pathUnder: "CLAUDE_CONFIG_DIR",
			wantPath: "projects/" + install.ClaudeProject(root) + "/" + uuid + ".jsonl",
			wantOut:  "cd '" + root + "' && claude -r " + uuid + "\n"},
		{name: "no HOME", opts: Options{Format: "claude-code", Install: true}, env: map[string]string{"HOME": ""},
			wantErr: "HOME is not set (set CLAUDE_CONFIG_DIR)"},
		{name: "output file", opts: Options{Format: "codex", Output: "out.jsonl"}, pathUnder: "OUT", wantPath: "out.jsonl"},
		{name: "unknown session", opts: Options{ID: "20261202-143000-ffffffff", Format: "codex"}, wantErr: "ffffffff"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := testSession(t, root)
			out := t.TempDir()
			env["OUT"] = out
			for k, v := range tt.env {
				if v != "" {
					v = filepath.Join(out, v)
				}
				env[k] = v
			}
			ios, _, stdout, stderr := iostreams.Test()
			o := tt.opts
			o.ID = firstNonEmpty(o.ID, testID)
			if o.Output != "" {
				o.Output = filepath.Join(out, o.Output)
			}
			getenv := func(k string) string { return env[k] }
			o.IO, o.Getenv, o.Home = ios, getenv, cmdutil.HomeOf(getenv, "linux")
			err := exportRun(&o)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if stdout.String() != tt.wantOut {
				t.Errorf("stdout %q, want %q", stdout.String(), tt.wantOut)
			}
			path := filepath.Join(env[tt.pathUnder], tt.wantPath)
			if tt.opts.Install && stderr.String() != "wrote "+path+"\n" {
				t.Errorf("stderr %q", stderr.String())
			}
			fi, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			if !fi.ModTime().Equal(last) || fi.Mode().Perm() != 0o600 {
				t.Errorf("%s: mtime %v mode %v, want the last event's time %v and 0600", path, fi.ModTime(), fi.Mode().Perm(), last)
			}
			data, _ := os.ReadFile(path)
			if !bytes.Contains(data, []byte(`"sessionId":"`+uuid+`"`)) && !bytes.Contains(data, []byte(`"id":"`+uuid+`"`)) {
				t.Errorf("export does not name session %s:\n%s", uuid, data)
			}
		})
	}
}

func TestExportToStdout(t *testing.T) {
	env := testSession(t, t.TempDir())
	ios, _, stdout, _ := iostreams.Test()
	getenv := func(k string) string { return env[k] }
	o := &Options{ID: testID, Format: "claude-code", IO: ios, Getenv: getenv, Home: cmdutil.HomeOf(getenv, "linux")}
	if err := exportRun(o); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	// user, assistant text, tool_use, tool_result: one block per line.
	if len(lines) != 4 || !strings.Contains(lines[2], `"name":"Write"`) {
		t.Fatalf("transcript:\n%s", stdout.String())
	}
	var result struct {
		ToolUseResult struct{ Type, FilePath string } `json:"toolUseResult"`
	}
	if err := json.Unmarshal([]byte(lines[3]), &result); err != nil || result.ToolUseResult.Type != "create" ||
		!strings.HasSuffix(result.ToolUseResult.FilePath, "/a.txt") {
		t.Fatalf("tool result %s: %v", lines[3], err)
	}
}

// firstNonEmpty returns the first non-empty string.
func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}
