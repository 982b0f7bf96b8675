package root

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/internal/buildinfo"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/iostreams"
)

// testFactory is a Factory over captured streams and a private data root.
func testFactory(t *testing.T, env map[string]string) *cmdutil.Factory {
	t.Helper()
	ios, _, _, _ := iostreams.Test()
	if env == nil {
		env = map[string]string{}
	}
	if _, ok := env["WTAGENT_HOME"]; !ok {
		env["WTAGENT_HOME"] = t.TempDir()
	}
	f := cmdutil.New()
	f.IOStreams = ios
	f.Getenv = func(k string) string { return env[k] }
	f.Environ = func() []string { return nil }
	return f
}

func execute(t *testing.T, f *cmdutil.Factory, args ...string) (string, error) {
	t.Helper()
	cmd := NewCmdRoot(f)
	cmd.SetArgs(args)
	err := cmd.Execute()
	return f.IOStreams.Out.(interface{ String() string }).String(), err
}

func TestEveryCommandHasHelp(t *testing.T) {
	for _, name := range []string{"login", "resume", "status", "sessions", "export", "doctor", "config", "mcp", "mockchat", "demo", "version"} {
		t.Run(name, func(t *testing.T) {
			f := testFactory(t, nil)
			out, err := execute(t, f, name, "--help")
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out, "Usage:") || len(out) < 200 {
				t.Fatalf("help of %s is too thin:\n%s", name, out)
			}
			if strings.Contains(out, "not available") {
				t.Fatalf("%s still says it is not available", name)
			}
		})
	}
	f := testFactory(t, nil)
	out, err := execute(t, f, "--help")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"--cd", "--json", "--log-level", "--approvals", "--provider", "resume", "status"} {
		if !strings.Contains(out, want) {
			t.Errorf("root help lacks %q", want)
		}
	}
}

func TestUsageErrorsExit2(t *testing.T) {
	cases := [][]string{
		{"--no-such-flag"},
		{"--provider", "script", "task"}, // no --script
		{"--approvals", "sometimes", "task"},
		{"export", "20261202-100000-abcdef01", "--format", "pdf"},
		{"export", "../../etc/passwd"},
		{"-C", "/definitely/not/here", "task"},
		{"mockchat"},
		{"mockchat", "--replay", "../../etc"},
		{"mockchat", "--script", "a.jsonl", "--replay", "20261202-100000-abcdef01"},
	}
	for _, args := range cases {
		f := testFactory(t, nil)
		_, err := execute(t, f, args...)
		if code := cmdutil.ExitCode(err); code != cmdutil.ExitUsage {
			t.Errorf("%v: exit %d (%v), want 2", args, code, err)
		}
	}
}

func TestVersionJSON(t *testing.T) {
	f := testFactory(t, nil)
	f.Global.JSON = true
	out, err := execute(t, f, "version", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]string
	if err := json.Unmarshal([]byte(out), &v); err != nil || v["version"] != buildinfo.Version {
		t.Fatalf("version --json = %q (%v)", out, err)
	}
}

func TestConfigShowsSources(t *testing.T) {
	home := t.TempDir()
	if err := os.WriteFile(filepath.Join(home, "config.json"), []byte(`{"mode":"thinking","max-turns":12,"turn-timeout":"5m"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	f := testFactory(t, map[string]string{"WTAGENT_HOME": home})
	out, err := execute(t, f, "config", "--max-turns", "7")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"mode", "thinking", "config", "max-turns", "7", "flag", "turn-timeout", "5m0s"} {
		if !strings.Contains(out, want) {
			t.Errorf("config output lacks %q:\n%s", want, out)
		}
	}
	bad := t.TempDir()
	os.WriteFile(filepath.Join(bad, "config.json"), []byte(`{"mode": 3}`), 0o600)
	f = testFactory(t, map[string]string{"WTAGENT_HOME": bad})
	if _, err := execute(t, f, "config"); err == nil || !strings.Contains(err.Error(), "config.json") {
		t.Fatalf("a malformed config file gave %v", err)
	}
}

func TestSessionsEmpty(t *testing.T) {
	f := testFactory(t, nil)
	out, err := execute(t, f, "sessions")
	if err != nil || !strings.Contains(out, "no sessions yet") {
		t.Fatalf("sessions = %q, %v", out, err)
	}
	_, err = execute(t, f, "export", "20261202-100000-abcdef01")
	if err == nil || errors.Is(err, cmdutil.ErrNotAvailable) {
		t.Fatalf("export of a missing session: %v", err)
	}
}
