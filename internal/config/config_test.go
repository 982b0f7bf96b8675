package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session"
)

// TestParseRejects: a malformed or unknown key is an error that says
// what to write instead.
func TestParseRejects(t *testing.T) {
	for _, c := range []struct{ json, want string }{
		{`{"turn-timeout": 20}`, "duration"},
		{`{"turn-timeout": "soon"}`, "duration"},
		{`{"max-turns": 1.5}`, "max-turns"},
		{`{"chatgpt_url": "http://x"}`, `write "chatgpt-url"`},
		{`{"limits": {"max_turns": 3}}`, `"max-turns"`},
		{`{"speed": 1}`, "known: provider"},
	} {
		if _, err := Parse([]byte(c.json)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.json, err, c.want)
		}
	}
}

// TestParsePlainErrors: every error is one plain line naming the key at
// fault and what it takes, in words; trailing junk is an error; a blank
// file is the empty config.
func TestParsePlainErrors(t *testing.T) {
	for _, c := range []struct{ json, want string }{
		{`{"max-turns": "x"}`, `"max-turns": want a whole number, not a string`},
		{`{"max-turns": 1.5}`, `"max-turns": want a whole number, not 1.5`},
		{`{"no-network": "yes"}`, `"no-network": want true or false, not a string`},
		{`{"allow-env": "X"}`, `"allow-env": want a list of strings, not a string`},
		{`{"allow-env": [1]}`, `"allow-env": want a string, not a number`},
		{`{"rules": {"tool": "x"}}`, `"rules": want a list of objects, not an object`},
		{`{"turn-timeout": 5}`, `"turn-timeout": want a duration such as "20m", not 5`},
		{`[1]`, "not a JSON object"},
		{`"x"`, "not a JSON object"},
		{`{"mode": `, "not valid JSON: the file ends before its object closes"},
		{"{\n  \"mode\": \"a\",\n}", "not valid JSON at line 3, column 1: invalid character '}' looking for beginning of object key string"},
		{`{"mode": "thinking"} junk`, "more after the JSON object"},
		{`{"mode": "thinking"}{}`, "more after the JSON object"},
		{`{"rules": [{"tool": "terminal.exec", "kind": "nope"}]}`, `"rules" (rule 1, tool "terminal.exec"): kind "nope": want "command" or "path"`},
		{`{"rules": [{"tool": "terminal.exec", "kind": "command", "prefix": ["make"]}, {"tool": "fs.nope", "kind": "path", "prefix": ["/srv"]}]}`, `"rules" (rule 2, tool "fs.nope"): unknown tool "fs.nope"`},
	} {
		_, err := Parse([]byte(c.json))
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: error %v, want %q", c.json, err, c.want)
		}
	}
	for _, blank := range []string{"", " \n"} {
		if fc, err := Parse([]byte(blank)); err != nil || fc.Mode != "" {
			t.Errorf("blank %q: %+v %v", blank, fc, err)
		}
	}
}

// TestLoad: the data root's config.json comes before the XDG one; no file
// is the zero config and no path; a bad file is an error naming it.
func TestLoad(t *testing.T) {
	h, err := session.NewHome(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	xdg := t.TempDir()
	env := map[string]string{"XDG_CONFIG_HOME": xdg}
	getenv := func(k string) string { return env[k] }
	if fc, path, err := Load(h, getenv); err != nil || path != "" || fc.Mode != "" {
		t.Fatalf("no file: %+v %q %v", fc, path, err)
	}
	xdgFile := filepath.Join(xdg, "wtagent", "config.json")
	if err := os.MkdirAll(filepath.Dir(xdgFile), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(xdgFile, []byte(`{"mode": "thinking"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if fc, path, err := Load(h, getenv); err != nil || path != xdgFile || fc.Mode != "thinking" {
		t.Fatalf("XDG file: %+v %q %v", fc, path, err)
	}
	if err := os.WriteFile(h.ConfigFile(), []byte(`{"mode": `), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, path, err := Load(h, getenv); err == nil || path != h.ConfigFile() || !strings.Contains(err.Error(), h.ConfigFile()) {
		t.Fatalf("bad data-root file: %q %v", path, err)
	}
}
