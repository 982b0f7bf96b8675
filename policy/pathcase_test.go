package policy

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/messages"
)

// TestPathCaseWithin: every platform's rule for "is p the directory or
// under it", by table, on any OS.
func TestPathCaseWithin(t *testing.T) {
	win, mac, linux := pathCaseFor("windows"), pathCaseFor("darwin"), pathCaseFor("linux")
	for _, tc := range []struct {
		rule    pathCase
		p, dir  string
		sep     byte
		rel     string
		outside bool
	}{
		{win, `C:\Proj\.Git\config`, `c:\proj`, '\\', `.Git\config`, false},
		{win, `c:\proj`, `C:\Proj`, '\\', ".", false},
		{win, `C:\PROJ\`, `C:\Proj`, '\\', ".", false},
		{win, `C:\Projects\x`, `C:\Proj`, '\\', "", true},
		{win, `D:\Proj\x`, `C:\Proj`, '\\', "", true},
		{win, `C:\x`, `C:\`, '\\', "x", false},
		{win, `C:\Users\ME\AppData\Local\wtagent\chrome`, `c:\users\me\appdata\local\WTAGENT`, '\\', "chrome", false},
		{win, "/home/u/Proj/ſrc", "/home/u/proj", '/', "ſrc", false},
		{win, "/home/u/Proj", "/home/u/proj/sub", '/', "", true},
		{win, "/KELVIN/a", "/\u212aelvin", '/', "a", false}, // Kelvin sign K folds to k
		{mac, "/Users/me/Proj/a", "/users/me/proj", '/', "a", false},
		{mac, "/Users/Jose\u0301/Library/WTAGENT/x", "/Users/jos\u00e9/Library/wtagent", '/', "x", false}, // NFD é is NFC é
		{win, "/Users/Jose\u0301/x", "/Users/jos\u00e9", '/', "", true},                                   // NTFS does not normalise
		{linux, "/home/Jose\u0301/x", "/home/Jos\u00e9", '/', "", true},
		{linux, "/home/u/Proj/a", "/home/u/proj", '/', "", true},
		{linux, "/home/u/proj/a/b", "/home/u/proj", '/', "a/b", false},
		{linux, "/home/u/proj", "/home/u/proj/", '/', ".", false},
		{linux, "/x", "/", '/', "x", false},
		{linux, "/", "/", '/', ".", false},
		{linux, "/home/u/project", "/home/u/proj", '/', "", true},
	} {
		rel, ok := tc.rule.within(tc.p, tc.dir, tc.sep)
		if ok == tc.outside || rel != tc.rel {
			t.Errorf("%+v within(%q, %q) = %q, %v; want %q, inside=%v", tc.rule, tc.p, tc.dir, rel, ok, tc.rel, !tc.outside)
		}
	}
}

// TestGitNamesFoldCase: .git/hooks and .git/config are found in any case
// on Windows and macOS, and only in lower case on Linux.
func TestGitNamesFoldCase(t *testing.T) {
	win, mac, linux := pathCaseFor("windows"), pathCaseFor("darwin"), pathCaseFor("linux")
	for _, tc := range []struct {
		rule  pathCase
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
		if got := gitRunsFrom(tc.p, tc.rule); got != tc.hooks {
			t.Errorf("%+v gitRunsFrom(%q) = %v, want %v", tc.rule, tc.p, got, tc.hooks)
		}
	}
	for _, tc := range []struct {
		rule pathCase
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
		if got := tc.rule.inGitDir(tc.rel); got != tc.in {
			t.Errorf("%+v inGitDir(%q) = %v, want %v", tc.rule, tc.rel, got, tc.in)
		}
	}
}

// TestBoundaryFoldsCase: with the Windows rule, an absolute path that
// spells the root in another case is inside it; with the macOS rule only
// when it is the same directory on disk (on a case-sensitive file system
// only a link makes it so); with the Linux rule never.
func TestBoundaryFoldsCase(t *testing.T) {
	p := newProject(t)
	upper := filepath.Join(filepath.Dir(p.dir), "PROJ")
	_, err := os.Stat(upper)
	folds := err == nil // this file system ignores case (Windows, macOS by default)
	type row struct {
		goos, path string
		inside     bool
	}
	rows := []row{
		{"windows", filepath.Join(upper, "src", "main.go"), true},
		{"windows", upper, true},
		{"darwin", filepath.Join(upper, "src", "main.go"), folds}, // the same directory only where case folds
		{"linux", filepath.Join(upper, "src", "main.go"), false},
		{"linux", filepath.Join(p.dir, "src", "main.go"), true},
	}
	if !folds { // a link spelt in another case is the same directory here
		link := filepath.Join(filepath.Dir(p.dir), "Proj")
		if err := os.Symlink(p.dir, link); err != nil {
			t.Fatal(err)
		}
		rows = append(rows, row{"darwin", filepath.Join(link, "src", "main.go"), true})
	}
	for _, tc := range rows {
		p.b.cs = pathCaseFor(tc.goos)
		loc, err := p.b.Locate(filepath.ToSlash(tc.path), "")
		if err != nil {
			t.Fatal(err)
		}
		if loc.Inside != tc.inside || tc.inside && !strings.HasPrefix(loc.Abs, p.dir) {
			t.Errorf("%s: Locate(%s) = %+v, want inside=%v under %s", tc.goos, tc.path, loc, tc.inside, p.dir)
		}
	}
}

// TestEngineFoldsCase: with the Windows rule a write to .GIT/hooks asks as
// a write to .git/hooks does, and wtagent's own data spelt in another case
// is still denied; with the Linux rule neither name is special.
func TestEngineFoldsCase(t *testing.T) {
	p := newProject(t)
	protected := filepath.Join(p.outside, "wtagent-home")
	if err := os.MkdirAll(protected, 0o700); err != nil {
		t.Fatal(err)
	}
	shouted := filepath.ToSlash(filepath.Join(p.outside, "WTAGENT-Home", "Cookies"))
	for _, tc := range []struct {
		goos     string
		call     messages.ToolCall
		decision messages.Decision
		reason   string
	}{
		{"windows", write(".GIT/HOOKS/pre-commit"), messages.DecisionAsk, "inside .git"},
		{"windows", write(".Git/config"), messages.DecisionAsk, "inside .git"},
		{"windows", read(shouted), messages.DecisionDeny, "wtagent's own data"},
		{"windows", exec("cp", "x", ".GIT/hooks/pre-commit"), messages.DecisionAsk, ""},
		{"windows", exec("cat", "GIT~1/config"), messages.DecisionAsk, "8.3 short name"},
		{"windows", exec("cat", `sub\PROGRA~1\x`), messages.DecisionAsk, "PROGRA~1"},
		{"linux", exec("cat", "GIT~1/config"), messages.DecisionAllow, ""},
		{"linux", write(".GIT/HOOKS/pre-commit"), messages.DecisionAllow, "writes"},
		{"linux", read(shouted), messages.DecisionAsk, "outside the project root"},
	} {
		p.b.cs = pathCaseFor(tc.goos)
		e := New(Config{Mode: ModePrompt, Home: filepath.Dir(p.dir), Protected: []string{protected}}, p.b)
		e.cs = pathCaseFor(tc.goos)
		v := e.Check(tc.call)
		if v.Decision != tc.decision || !strings.Contains(v.Reason, tc.reason) {
			t.Errorf("%s %s %s: %s %q; want %s mentioning %q", tc.goos, tc.call.Name, v.Subject, v.Decision, v.Reason, tc.decision, tc.reason)
		}
	}
}

// TestMayBeLink: a Windows junction (an irregular file to Go) is read as a
// link, as a symbolic link is; directories and files are not.
func TestMayBeLink(t *testing.T) {
	for _, tc := range []struct {
		mode fs.FileMode
		link bool
	}{
		{fs.ModeSymlink | 0o777, true},
		{fs.ModeIrregular | 0o666, true},
		{fs.ModeDir | 0o755, false},
		{0o644, false},
		{fs.ModeSocket, false},
	} {
		if got := mayBeLink(tc.mode); got != tc.link {
			t.Errorf("mayBeLink(%v) = %v, want %v", tc.mode, got, tc.link)
		}
	}
}

// TestPathCaseShortAlias: only Windows has 8.3 aliases, found in any name
// of a path with either separator.
func TestPathCaseShortAlias(t *testing.T) {
	win, linux := pathCaseFor("windows"), pathCaseFor("linux")
	for _, tc := range []struct {
		rule pathCase
		p    string
		want string
	}{
		{win, "GIT~1/hooks/pre-commit", "GIT~1"},
		{win, `C:\PROGRA~1\app\x.exe`, "PROGRA~1"},
		{win, "docs/README~1.MD", "README~1.MD"},
		{win, "src/main.go", ""},
		{win, "backup~", ""},
		{linux, "GIT~1/hooks", ""},
	} {
		if got := tc.rule.shortAlias(tc.p); got != tc.want {
			t.Errorf("%+v shortAlias(%q) = %q, want %q", tc.rule, tc.p, got, tc.want)
		}
	}
}
