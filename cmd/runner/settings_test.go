package runner

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/spf13/pflag"

	"github.com/wtagent/wtagent/cmd/cmdutil"
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
	fc := cmdutil.FileConfig{Mode: "thinking", Approvals: "allow", Limits: map[string]json.RawMessage{
		"max_turns": json.RawMessage("12"), "turn_wait": json.RawMessage(`"5m"`)}}
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
	if s.Limits.MaxTurns != 7 || s.Sources["limits.max_turns"] != "flag" {
		t.Errorf("max turns %d from %s", s.Limits.MaxTurns, s.Sources["limits.max_turns"])
	}
	if s.Limits.TurnWait != 5*time.Minute || s.Sources["limits.turn_wait"] != "config" {
		t.Errorf("turn wait %v from %s", s.Limits.TurnWait, s.Sources["limits.turn_wait"])
	}
	// Without a terminal the approval default is deny; on one, prompt.
	for tty, want := range map[bool]policy.Mode{false: policy.ModeDeny, true: policy.ModePrompt} {
		s, err := Resolve(cmdutil.FileConfig{}, flagsFrom(t), tty)
		if err != nil || s.Approvals != want {
			t.Errorf("tty=%v: approvals %q (%v), want %q", tty, s.Approvals, err, want)
		}
	}
}

func TestResolveRejects(t *testing.T) {
	for _, c := range []struct {
		fc   cmdutil.FileConfig
		args []string
		want string
	}{
		{args: []string{"--provider", "script"}, want: "--script"},
		{args: []string{"--provider", "gemini"}, want: "chatgpt or script"},
		{args: []string{"--approvals", "maybe"}, want: "--approvals"},
		{args: []string{"--approvals", "prompt"}, want: "--approvals"}, // no terminal
		{args: []string{"--max-turns", "-1"}, want: "max turns"},
		{fc: cmdutil.FileConfig{Limits: map[string]json.RawMessage{"turn_wait": json.RawMessage("20")}}, want: "duration"},
		{fc: cmdutil.FileConfig{Limits: map[string]json.RawMessage{"max_turns": json.RawMessage("1.5")}}, want: "whole number"},
		{fc: cmdutil.FileConfig{Limits: map[string]json.RawMessage{"speed": json.RawMessage("1")}}, want: "unknown limit"},
	} {
		_, err := Resolve(c.fc, flagsFrom(t, c.args...), false)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v %v: error %v, want %q", c.args, c.fc.Limits, err, c.want)
		}
	}
}
