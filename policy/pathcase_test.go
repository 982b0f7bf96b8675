package policy

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/policy/boundary"
	"github.com/wtagent/wtagent/policy/classify"
)

// TestGitNamesFoldCase: .git/hooks and .git/config are found in any case
// on Windows and macOS, and only in lower case on Linux.
func TestGitNamesFoldCase(t *testing.T) {
	win, mac, linux := boundary.CaseFor("windows"), boundary.CaseFor("darwin"), boundary.CaseFor("linux")
	for _, tc := range []struct {
		rule  boundary.Case
		p     string
		hooks bool
	}{
		{win, ".GIT/HOOKS/pre-commit", true},
		{win, `C:\Proj\.Git\config`, true},
		{win, `sub\.git\Hooks`, true},
		{win, ".git/hookſ", true}, // ſ is s in upper case, as NTFS compares
		{win, ".git/configs", false},
		{mac, "/Users/me/p/.Git/Config", true},
		{linux, ".GIT/HOOKS/pre-commit", false},
		{linux, ".git/hooks/pre-commit", true},
		{linux, `C:\Proj\.git\config`, false},
	} {
		if got := classify.GitRunsFrom(tc.p, tc.rule); got != tc.hooks {
			t.Errorf("%+v gitRunsFrom(%q) = %v, want %v", tc.rule, tc.p, got, tc.hooks)
		}
	}
	for _, tc := range []struct {
		rule boundary.Case
		rel  string
		in   bool
	}{
		{win, ".GIT", true},
		{win, `.Git\config`, true},
		{win, ".gIt/objects/ab", true},
		{win, ".github/workflows", false},
		{mac, ".Git/HEAD", true},
		{linux, ".GIT/HEAD", false},
		{linux, ".git/HEAD", true},
	} {
		if got := tc.rule.InGitDir(tc.rel); got != tc.in {
			t.Errorf("%+v inGitDir(%q) = %v, want %v", tc.rule, tc.rel, got, tc.in)
		}
	}
}

// TestEngineFoldsCase: with the Windows rule a write to .GIT/hooks asks as
// a write to .git/hooks does, and wtagent's own data spelt in another case
// is still denied; with the Linux rule neither name is special.
func TestEngineFoldsCase(t *testing.T) {
	p := newProject(t)
	protected := filepath.Join(p.Outside, "wtagent-home")
	if err := os.MkdirAll(protected, 0o700); err != nil {
		t.Fatal(err)
	}
	shouted := filepath.ToSlash(filepath.Join(p.Outside, "WTAGENT-Home", "Cookies"))
	for _, tc := range []struct {
		goos     string
		call     event.ToolCall
		decision event.Decision
		reason   string
	}{
		{"windows", write(".GIT/HOOKS/pre-commit"), event.DecisionAsk, "inside .git"},
		{"windows", write(".Git/config"), event.DecisionAsk, "inside .git"},
		{"windows", read(shouted), event.DecisionDeny, "wtagent's own data"},
		{"windows", exec("cp", "x", ".GIT/hooks/pre-commit"), event.DecisionAsk, ""},
		{"windows", exec("cat", "GIT~1/config"), event.DecisionAsk, "8.3 short name"},
		{"windows", exec("cat", `sub\PROGRA~1\x`), event.DecisionAsk, "PROGRA~1"},
		{"linux", exec("cat", "GIT~1/config"), event.DecisionAllow, ""},
		{"linux", write(".GIT/HOOKS/pre-commit"), event.DecisionAllow, "writes"},
		{"linux", read(shouted), event.DecisionAsk, "outside the project root"},
	} {
		p.b.SetCase(boundary.CaseFor(tc.goos))
		e := New(Config{Mode: ModePrompt, Home: filepath.Dir(p.Dir), Protected: []string{protected}}, p.b)
		e.cs = boundary.CaseFor(tc.goos)
		v := e.Check(tc.call)
		if v.Decision != tc.decision || !strings.Contains(v.Reason, tc.reason) {
			t.Errorf("%s %s %s: %s %q; want %s mentioning %q", tc.goos, tc.call.Name, v.Subject, v.Decision, v.Reason, tc.decision, tc.reason)
		}
	}
}
