//go:build linux

package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/wtagent/wtagent/model"
)

// TestErrorsSayNoGoInternals: a bad flag value, a bad config file and a
// project that cannot be read each give one plain line naming the flag,
// the key or the directory — no strconv.ParseInt, Go struct field, Go
// value of type, EOF or actors: policy: — and doctor and a run agree on
// the config file (issue 42, item 13).
func TestErrorsSayNoGoInternals(t *testing.T) {
	e := newEnv(t)
	s := e.script()
	internals := []string{"strconv.", "Go struct field", "Go value of type", "EOF", "actors:", "policy:", "json: cannot", "lstat", "config.File"}
	plain := func(what string, code, want int, errOut, says string) {
		t.Helper()
		lines := strings.Split(strings.TrimSpace(errOut), "\n")
		if code != want || len(lines) != 1 || !strings.Contains(errOut, says) {
			t.Errorf("%s: exit %d (want %d), stderr %q, want one line with %q", what, code, want, errOut, says)
		}
		for _, in := range internals {
			if strings.Contains(errOut, in) {
				t.Errorf("%s: stderr shows %q: %q", what, in, errOut)
			}
		}
	}
	for _, tc := range []struct {
		args []string
		says string
	}{
		{[]string{"--max-turns", "x", "hi"}, `--max-turns: want a whole number, not "x"`},
		{[]string{"--turn-timeout", "soon", "hi"}, `--turn-timeout: want a duration`},
		{[]string{"--no-network=maybe", "hi"}, `--no-network: want true or false, not "maybe"`},
	} {
		code, _, errOut := e.run(tc.args...)
		plain(strings.Join(tc.args, " "), code, 2, errOut, tc.says)
	}

	cfg := filepath.Join(e.home, "config.json")
	for _, tc := range []struct{ file, says string }{
		{`{"max-turns": "x"}`, `"max-turns": want a whole number, not a string`},
		{`[1]`, "not a JSON object"},
		{`{"mode": `, "not valid JSON"},
		{`{"mode": "thinking"} junk`, "more after the JSON object"},
		{`{"rules": [{"tool": "terminal.exec", "kind": "nope"}]}`, `kind "nope": want "command" or "path"`},
		{`{"turn-timeout": 5}`, `"turn-timeout": want a duration`},
	} {
		if err := os.WriteFile(cfg, []byte(tc.file), 0o600); err != nil {
			t.Fatal(err)
		}
		code, _, errOut := e.run("--provider", "script", "--script", s, "hi")
		plain("a run with "+tc.file, code, 1, errOut, tc.says)
		if !strings.Contains(errOut, cfg) {
			t.Errorf("a run with %s: the error does not name %s: %q", tc.file, cfg, errOut)
		}
		cmd := e.command(context.Background(), "doctor")
		cmd.Env = withDisplay(cmd.Env, ":0")
		b, _ := cmd.CombinedOutput()
		if !strings.Contains(string(b), "error    config") || !strings.Contains(string(b), tc.says) {
			t.Errorf("doctor and the run disagree on %s: doctor says\n%s", tc.file, b)
		}
	}
	if err := os.WriteFile(cfg, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := e.run("config"); code != 0 {
		t.Errorf("an empty config file (no settings): exit %d: %s", code, errOut)
	}
	os.Remove(cfg)

	missing := filepath.Join(e.root, "missing")
	locked := filepath.Join(e.root, "locked")
	if err := os.Mkdir(locked, 0o000); err != nil {
		t.Fatal(err)
	}
	// A script nobody may read (asOrdinaryUser opens the data root to it).
	script, err := os.ReadFile(e.script(model.ScriptLine{Reply: agentReply(true, "Done.", "")}))
	if err != nil {
		t.Fatal(err)
	}
	s = filepath.Join(e.home, "script.jsonl")
	if err := os.WriteFile(s, script, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{missing, locked} {
		cmd := e.command(context.Background(), "-C", dir, "--provider", "script", "--script", s, "hi")
		var errb strings.Builder
		cmd.Stderr = &errb
		asOrdinaryUser(t, e, cmd)
		_ = cmd.Run()
		plain("-C "+dir, cmd.ProcessState.ExitCode(), 2, errb.String(), "-C "+dir+": ")
	}
}

// asOrdinaryUser makes cmd run as nobody when the suite runs as root (to
// whom every directory is readable): wtagent is copied where nobody may
// run it, and the data root and the project's parent are opened to it.
func asOrdinaryUser(t *testing.T, e *env, cmd *exec.Cmd) {
	t.Helper()
	if os.Getuid() != 0 {
		return
	}
	const nobody = 65534
	dir := t.TempDir()
	bin := filepath.Join(dir, "wtagent")
	b, err := os.ReadFile(binary)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, b, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{filepath.Dir(dir), dir, filepath.Dir(e.root), e.root, filepath.Dir(e.home)} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := filepath.Walk(e.home, func(p string, _ os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, nobody, nobody)
	}); err != nil {
		t.Fatal(err)
	}
	cmd.Path, cmd.Args[0] = bin, bin
	cmd.Env = append(cmd.Env, "HOME="+e.home, "XDG_CONFIG_HOME="+e.home) // root's are closed to nobody
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
}
