package settings

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/spf13/pflag"

	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/config"
	"github.com/wtagent/wtagent/policy"
)

// flagsFrom parses args into run flags.
func flagsFrom(t *testing.T, args ...string) *Flags {
	t.Helper()
	fs := pflag.NewFlagSet("run", pflag.ContinueOnError)
	f := &Flags{}
	AddFlags(fs, f)
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	return f
}

func TestResolvePrecedence(t *testing.T) {
	fc, err := config.Parse([]byte(`{"mode": "thinking", "approvals": "allow", "max-turns": 12, "turn-timeout": "5m", "no-network": true}`))
	if err != nil {
		t.Fatal(err)
	}
	s, err := Resolve(fc, flagsFrom(t, "--max-turns", "7"), false)
	if err != nil {
		t.Fatal(err)
	}
	if s.Mode != "thinking" || s.Sources["mode"] != "config" {
		t.Errorf("mode %q from %s", s.Mode, s.Sources["mode"])
	}
	if s.Approvals != policy.ModeAllow || s.Sources["approvals"] != "config" {
		t.Errorf("approvals %q from %s", s.Approvals, s.Sources["approvals"])
	}
	if s.Limits.MaxTurns != 7 || s.Sources["max-turns"] != "flag" {
		t.Errorf("max turns %d from %s", s.Limits.MaxTurns, s.Sources["max-turns"])
	}
	if s.Limits.TurnWait != 5*time.Minute || s.Sources["turn-timeout"] != "config" {
		t.Errorf("turn wait %v from %s", s.Limits.TurnWait, s.Sources["turn-timeout"])
	}
	if !s.NoNetwork || s.Sources["no-network"] != "config" {
		t.Errorf("no-network %v from %s", s.NoNetwork, s.Sources["no-network"])
	}
	// Without a terminal the approval default is deny; on one, prompt.
	for tty, want := range map[bool]policy.Mode{false: policy.ModeDeny, true: policy.ModePrompt} {
		s, err := Resolve(config.File{}, flagsFrom(t), tty)
		if err != nil || s.Approvals != want {
			t.Errorf("tty=%v: approvals %q (%v), want %q", tty, s.Approvals, err, want)
		}
	}
}

func TestResolveRejects(t *testing.T) {
	for _, c := range []struct {
		fc   config.File
		args []string
		want string
	}{
		{args: []string{"--provider", "script"}, want: "--script"},
		{args: []string{"--provider", "gemini"}, want: "chatgpt or script"},
		{args: []string{"--approvals", "maybe"}, want: "--approvals"},
		{args: []string{"--approvals", "prompt"}, want: "--approvals"}, // no terminal
		{args: []string{"--max-turns", "-1"}, want: "max turns"},
		{args: []string{"--effort", "huge"}, want: `--effort: unknown effort tier "huge"; want one of light (instant, low), standard (medium), extended (high), extra-high (xhigh), pro (max)`},
		{args: []string{"--mode", "pro", "--effort", "light"}, want: "--effort: the mode pro names the effort tier pro, the effort asks for light"},
		{args: []string{"--mode", "Extra High", "--effort", "extended"}, want: "names the effort tier extra-high"},
		{fc: config.File{Effort: "ultra"}, want: `config file: effort: unknown effort tier "ultra"`},
		{fc: config.File{Rules: []event.Rule{{Tool: "fs.write", Kind: "path", Prefix: []string{"/"}}}}, want: "config file: rules: policy: bad rule"},
		{fc: config.File{Rules: []event.Rule{{Tool: "fs.nothing", Kind: "path", Prefix: []string{"src"}}}}, want: `unknown tool "fs.nothing"`},
	} {
		_, err := Resolve(c.fc, flagsFrom(t, c.args...), false)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want %q", c.args, err, c.want)
		}
		if code := cmdutil.ExitCode(err); code != cmdutil.ExitUsage && c.fc.Rules == nil {
			t.Errorf("%v: exit code %d, want the usage code %d", c.args, code, cmdutil.ExitUsage)
		}
	}
}

// TestConfigKeysAreFlagNames: every run flag that is a setting has a config
// key of the same name, and every setting `wtagent config` lists is a key.
func TestConfigKeysAreFlagNames(t *testing.T) {
	keys := map[string]bool{}
	for _, k := range config.Keys() {
		keys[k] = true
	}
	fs := pflag.NewFlagSet("run", pflag.ContinueOnError)
	AddFlags(fs, &Flags{})
	// --locators' lasting form is page-locators.json in the config
	// directory, not a key.
	perRun := map[string]bool{"script": true, "headless": true, "no-minimize": true, "record-transport": true, "verbose": true, "allow-concurrent": true,
		"locators": true}
	fs.VisitAll(func(fl *pflag.Flag) {
		if !perRun[fl.Name] && !keys[fl.Name] {
			t.Errorf("flag --%s has no config key of its name", fl.Name)
		}
	})
	s, err := Resolve(config.File{}, flagsFrom(t), false)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range s.Describe() {
		if !keys[r[0]] {
			t.Errorf("setting %q is not a config key", r[0])
		}
	}
}

// TestResolveEffort: --effort and the config key effort, in the tier's one
// spelling, with their source and the turn wait they imply.
func TestResolveEffort(t *testing.T) {
	for _, c := range []struct {
		config       string
		args         []string
		mode, effort string
		source       string
		wait         time.Duration
	}{
		{"{}", []string{"--effort", "extended"}, "", "extended", "flag", 30 * time.Minute},
		{"{}", []string{"--effort", "Extra High"}, "", "extra-high", "flag", time.Hour},
		{`{"effort": "light"}`, nil, "", "light", "config", 20 * time.Minute},
		{`{"effort": "light"}`, []string{"--mode", "instant"}, "instant", "light", "config", 5 * time.Minute},
		{`{"effort": "light"}`, []string{"--effort", "pro"}, "", "pro", "flag", time.Hour},
		{"{}", []string{"--mode", "thinking", "--effort", "extra_high"}, "thinking", "extra-high", "flag", time.Hour},
		{"{}", []string{"--mode", "pro", "--effort", "pro"}, "pro", "pro", "flag", time.Hour},
		{"{}", []string{"--mode", "thinking"}, "thinking", "", "default", 30 * time.Minute},
	} {
		fc, err := config.Parse([]byte(c.config))
		if err != nil {
			t.Fatal(err)
		}
		s, err := Resolve(fc, flagsFrom(t, c.args...), false)
		if err != nil {
			t.Fatalf("%s %v: %v", c.config, c.args, err)
		}
		if s.Mode != c.mode || s.Effort != c.effort || s.Sources["effort"] != c.source || s.Limits.TurnWait != c.wait {
			t.Errorf("%s %v: mode %q effort %q from %s, wait %s; want %q %q from %s, %s", c.config, c.args,
				s.Mode, s.Effort, s.Sources["effort"], s.Limits.TurnWait, c.mode, c.effort, c.source, c.wait)
		}
	}
}

// TestResolveChromeURL: --chrome-url overrides the config key; a
// malformed URL, or one on another machine without
// chrome-url-insecure-ok (flag or config), is a usage error.
func TestResolveChromeURL(t *testing.T) {
	tests := []struct {
		name, config string
		args         []string
		want, err    string
	}{
		{"config", `{"chrome-url": "http://127.0.0.1:9222"}`, nil, "http://127.0.0.1:9222", ""},
		{"flag wins", `{"chrome-url": "http://127.0.0.1:9222"}`, []string{"--chrome-url", "ws://localhost:9333"}, "ws://localhost:9333", ""},
		{"malformed", `{}`, []string{"--chrome-url", "127.0.0.1:9222"}, "", "not a Chrome DevTools URL"},
		{"not local", `{}`, []string{"--chrome-url", "http://10.0.0.2:9222"}, "", "not on this machine"},
		{"allowed by flag", `{}`, []string{"--chrome-url", "http://10.0.0.2:9222", "--chrome-url-insecure-ok"}, "http://10.0.0.2:9222", ""},
		{"allowed by config", `{"chrome-url-insecure-ok": true}`, []string{"--chrome-url", "http://10.0.0.2:9222"}, "http://10.0.0.2:9222", ""},
		{"none", `{}`, nil, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fc, err := config.Parse([]byte(tc.config))
			if err != nil {
				t.Fatal(err)
			}
			s, err := Resolve(fc, flagsFrom(t, tc.args...), false)
			if tc.err != "" {
				var fe *cmdutil.FlagError
				if err == nil || !strings.Contains(err.Error(), tc.err) || !errors.As(err, &fe) {
					t.Fatalf("err %v, want a usage error with %q", err, tc.err)
				}
				return
			}
			if err != nil || s.ChromeURL != tc.want {
				t.Fatalf("ChromeURL %q, %v; want %q", s.ChromeURL, err, tc.want)
			}
		})
	}
}
