package proc

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestExecRulesNames: which file names a program name stands for.
func TestExecRulesNames(t *testing.T) {
	win := windowsExecRules(".COM;.EXE;;.BAT;.CMD; .PS1 ;bogus")
	for _, tc := range []struct {
		r       ExecRules
		program string
		want    []string
	}{
		{unixExecRules(), "go", []string{"go"}},
		{unixExecRules(), "run.exe", []string{"run.exe"}},
		{win, "go", []string{"go.COM", "go.EXE", "go.BAT", "go.CMD", "go.PS1"}},
		{win, "go.exe", []string{"go.exe"}},
		{win, "npm.CMD", []string{"npm.CMD"}},
		{win, "archive.tar", []string{"archive.tar.COM", "archive.tar.EXE", "archive.tar.BAT", "archive.tar.CMD", "archive.tar.PS1"}},
		{windowsExecRules(""), "git", []string{"git.COM", "git.EXE", "git.BAT", "git.CMD"}},
	} {
		if got := tc.r.Names(tc.program); !slices.Equal(got, tc.want) {
			t.Errorf("names(%q) = %q, want %q", tc.program, got, tc.want)
		}
	}
}

// TestExecRulesIsPathAndEnv: separators, and environment keys (Windows
// has Path, not PATH).
func TestExecRulesIsPathAndEnv(t *testing.T) {
	win, unix := windowsExecRules(""), unixExecRules()
	for _, tc := range []struct {
		r       ExecRules
		program string
		want    bool
	}{
		{unix, "go", false}, {unix, "./run", true}, {unix, `bin\run`, false},
		{win, "go", false}, {win, `bin\run`, true}, {win, "bin/run", true}, {win, `.\run.bat`, true},
	} {
		if got := tc.r.IsPath(tc.program); got != tc.want {
			t.Errorf("%v isPath(%q) = %v", tc.r.seps, tc.program, got)
		}
	}
	env := []string{`Path=C:\Windows`, "PATHEXT=.EXE"}
	if got := win.EnvValue(env, "PATH"); got != `C:\Windows` {
		t.Errorf("windows PATH = %q", got)
	}
	if got := unix.EnvValue(env, "PATH"); got != "" {
		t.Errorf("unix PATH = %q, want none (keys are case-sensitive)", got)
	}
}

// TestLookPathWindowsRules: on a real directory, the Windows rules find
// a program by PATHEXT in order and need no execute bit; a file without a
// PATHEXT extension, a directory, or a relative PATH entry is never run.
func TestLookPathWindowsRules(t *testing.T) {
	dir, rel := t.TempDir(), "relative"
	for name, mode := range map[string]os.FileMode{"tool.CMD": 0o644, "tool.EXE": 0o644, "notes": 0o755, "script.BAT": 0o644} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("x"), mode); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "sub.EXE"), 0o755); err != nil {
		t.Fatal(err)
	}
	win := windowsExecRules(".COM;.EXE;.BAT;.CMD")
	path := rel + string(filepath.ListSeparator) + dir
	for _, tc := range []struct {
		name, want string
	}{
		{"tool", "tool.EXE"}, // .EXE before .CMD
		{"tool.CMD", "tool.CMD"},
		{"script", "script.BAT"},
		{"notes", ""},
		{"sub", ""},
	} {
		got, err := LookPath(win, tc.name, path)
		switch {
		case tc.want == "" && !errors.Is(err, ErrProgramNotFound):
			t.Errorf("%s: %q, %v; want not found", tc.name, got, err)
		case tc.want != "" && got != filepath.Join(dir, tc.want):
			t.Errorf("%s: %q, %v; want %s", tc.name, got, err, tc.want)
		}
	}
	// the Unix rules want the execute bit and no extension games
	if got, err := LookPath(unixExecRules(), "notes", path); err != nil || got != filepath.Join(dir, "notes") {
		t.Errorf("unix notes: %q, %v", got, err)
	}
	if _, err := LookPath(unixExecRules(), "tool", path); !errors.Is(err, ErrProgramNotFound) {
		t.Errorf("unix tool: %v, want not found", err)
	}
	if got, err := CheckExecutable(win, filepath.Join(dir, "script")); err != nil || got != filepath.Join(dir, "script.BAT") {
		t.Errorf("absolute script: %q, %v", got, err)
	}
}
