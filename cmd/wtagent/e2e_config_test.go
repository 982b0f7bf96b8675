//go:build linux

package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/internal/config"
	"github.com/wtagent/wtagent/model"
)

// jsonLines parses out as JSON Lines: every line one object.
func jsonLines(t *testing.T, what, out string) []map[string]any {
	t.Helper()
	var objs []map[string]any
	for _, line := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("%s --json: a line is not one JSON object (%v): %q", what, err, line)
		}
		objs = append(objs, m)
	}
	return objs
}

// TestJSONOutputsShareOneStyle: every command's --json is JSON Lines of
// objects with snake_case keys, and the session id and root have the same
// names in sessions, status and a run's events.
func TestJSONOutputsShareOneStyle(t *testing.T) {
	e := newEnv(t)
	s := e.script(model.ScriptLine{Reply: agentReply(true, "nothing to do <ok> & done", "")})
	if code, _, errOut := e.run("--provider", "script", "--script", s, "look"); code != 0 {
		t.Fatalf("run: exit %d: %s", code, errOut)
	}
	id := e.onlySession()
	snake := regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)
	for _, args := range [][]string{
		{"version"}, {"config"}, {"doctor"}, {"sessions"}, {"status", "--all"},
		{"--provider", "script", "--script", s, "look again"},
	} {
		_, out, _ := e.run(append([]string{"--json"}, args...)...)
		for _, obj := range jsonLines(t, args[0], out) {
			for k := range obj {
				if !snake.MatchString(k) {
					t.Errorf("%v --json: key %q is not snake_case", args, k)
				}
			}
			if args[0] == "sessions" && (obj["session_id"] != id || obj["project_root"] == nil) {
				t.Errorf("sessions --json names the id or the root differently from status: %v", obj)
			}
			if args[0] == "status" && obj["session_id"] == nil {
				t.Errorf("status --json lacks session_id: %v", obj)
			}
		}
		if strings.Contains(out, `\u003c`) || strings.Contains(out, `\u0026`) {
			t.Errorf("%v --json escapes < or &: %s", args, out)
		}
	}
}

// TestConfigKeysAreFlagNames: the config file is written with the flags'
// names, `wtagent config` lists the settings by those names, a run obeys
// them, and an old snake_case key is refused with the name to use.
func TestConfigKeysAreFlagNames(t *testing.T) {
	e := newEnv(t)
	cfg := `{"max-turns": 1, "turn-timeout": "5m", "keep-processes": true, "no-network": true, "approvals": "allow", "effort": "Extra High"}`
	if err := os.WriteFile(filepath.Join(e.home, "config.json"), []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := e.run("config", "--json")
	if code != 0 {
		t.Fatalf("config: exit %d: %s", code, errOut)
	}
	var c struct {
		Settings []struct{ Name, Value, Source string } `json:"settings"`
	}
	if err := json.Unmarshal([]byte(out), &c); err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	for _, k := range config.Keys() {
		keys[k] = true
	}
	got := map[string]string{}
	for _, st := range c.Settings {
		if !keys[st.Name] {
			t.Errorf("config lists %q, which is not a config key", st.Name)
		}
		got[st.Name] = st.Value + " from " + st.Source
	}
	for k, want := range map[string]string{"max-turns": "1 from config", "turn-timeout": "5m0s from config",
		"keep-processes": "true from config", "no-network": "true from config", "approvals": "allow from config",
		"effort": "extra-high from config"} {
		if got[k] != want {
			t.Errorf("config %s = %q, want %q", k, got[k], want)
		}
	}
	// The run obeys max-turns 1: the second model turn is over the limit.
	s := e.script(model.ScriptLine{Reply: agentReply(false, "look", callXML("fs.list", el("path", ".")))},
		model.ScriptLine{Reply: agentReply(true, "done", "")})
	code, out, _ = e.run("--provider", "script", "--script", s, "look")
	if code != 3 || !strings.Contains(out, "turn") {
		t.Errorf("a run with max-turns 1 from the config: exit %d:\n%s", code, out)
	}

	os.WriteFile(filepath.Join(e.home, "config.json"), []byte(`{"chatgpt_url": "http://127.0.0.1:1"}`), 0o600)
	code, _, errOut = e.run("--provider", "script", "--script", s, "look")
	if code == 0 || !strings.Contains(errOut, `write "chatgpt-url"`) {
		t.Errorf("an old snake_case key: exit %d: %s", code, errOut)
	}

	// An unknown effort tier is a usage error that lists the tiers.
	os.WriteFile(filepath.Join(e.home, "config.json"), []byte(`{"effort": "huge"}`), 0o600)
	code, _, errOut = e.run("--provider", "script", "--script", s, "look")
	if code != 2 || !strings.Contains(errOut, `config file: effort: unknown effort tier "huge"; want one of light (instant, low), standard (medium), extended (high), extra-high (xhigh), pro (max)`) {
		t.Errorf("an unknown effort tier: exit %d: %s", code, errOut)
	}

	// A rule that would grant the whole file system is refused, not dropped.
	os.WriteFile(filepath.Join(e.home, "config.json"), []byte(`{"rules": [{"tool": "fs.write", "kind": "path", "prefix": ["/"]}]}`), 0o600)
	code, _, errOut = e.run("--provider", "script", "--script", s, "look")
	if code == 0 || !strings.Contains(errOut, `"rules" (rule 1, tool "fs.write"): the file-system root covers everything`) || len(e.sessions()) != 1 {
		t.Errorf("a too broad rule: exit %d, %d sessions: %s", code, len(e.sessions()), errOut)
	}
}

// withDisplay returns env with DISPLAY set to display and WAYLAND_DISPLAY
// unset.
func withDisplay(env []string, display string) []string {
	out := env[:0:0]
	for _, kv := range env {
		if !strings.HasPrefix(kv, "DISPLAY=") && !strings.HasPrefix(kv, "WAYLAND_DISPLAY=") {
			out = append(out, kv)
		}
	}
	return append(out, "DISPLAY="+display)
}

// TestDoctorNotReady: with no display, or with an invalid config file,
// doctor says wtagent is not ready, why, and exits 1. With --headless,
// which needs no display, the missing one is only reported.
func TestDoctorNotReady(t *testing.T) {
	e := newEnv(t)
	os.Chmod(e.home, 0o700)
	doctor := func(display string, args ...string) (int, string) {
		cmd := e.command(context.Background(), append([]string{"doctor"}, args...)...)
		cmd.Env = withDisplay(cmd.Env, display)
		b, _ := cmd.CombinedOutput()
		return cmd.ProcessState.ExitCode(), string(b)
	}
	code, out := doctor("")
	if code != 1 || !strings.Contains(out, "not ready") || !strings.Contains(out, "cannot open its Chrome window") {
		t.Errorf("doctor without a display: exit %d:\n%s", code, out)
	}
	_, out = doctor("", "--headless")
	if !strings.Contains(out, "ok       display   none (DISPLAY and WAYLAND_DISPLAY are unset): headless Chrome needs none") ||
		strings.Contains(out, "cannot open its Chrome window") {
		t.Errorf("doctor --headless without a display:\n%s", out)
	}
	code, out = doctor(":0")
	if strings.Contains(out, "cannot open its Chrome window") {
		t.Errorf("doctor with DISPLAY set reports no display:\n%s", out)
	}
	if code == 0 && !strings.Contains(out, "wtagent is ready") {
		t.Errorf("doctor exit 0 without saying ready:\n%s", out)
	}
	os.WriteFile(filepath.Join(e.home, "config.json"), []byte(`{"mode": `), 0o600)
	code, out = doctor(":0")
	if code != 1 || !strings.Contains(out, "not ready") || !strings.Contains(out, "config.json") {
		t.Errorf("doctor with a malformed config: exit %d:\n%s", code, out)
	}
}

// TestNoDisplayRun: a ChatGPT run where Chrome cannot open its window says
// so once, in one plain sentence, exits 1 (nothing to resume) and leaves no
// session behind.
func TestNoDisplayRun(t *testing.T) {
	e := newEnv(t)
	cmd := e.command(context.Background(), "write notes.txt")
	env := cmd.Env[:0:0]
	for _, kv := range cmd.Env {
		if !strings.HasPrefix(kv, "DISPLAY=") && !strings.HasPrefix(kv, "WAYLAND_DISPLAY=") {
			env = append(env, kv)
		}
	}
	cmd.Env = env
	b, _ := cmd.CombinedOutput()
	out := string(b)
	if code := cmd.ProcessState.ExitCode(); code != 1 {
		t.Errorf("exit %d, want 1:\n%s", code, out)
	}
	if strings.Count(out, "cannot open its Chrome window") != 1 || strings.Contains(out, "Visible") ||
		strings.Contains(out, "CHROMEDP") || strings.Contains(out, "resume") {
		t.Errorf("the no-display error is not one plain sentence, once:\n%s", out)
	}
	if n := len(e.sessions()); n != 0 {
		t.Errorf("%d sessions left behind", n)
	}
}
