package boundary

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPathCaseWithin: every platform's rule for "is p the directory or
// under it", by table, on any OS.
func TestPathCaseWithin(t *testing.T) {
	win, mac, linux := CaseFor("windows"), CaseFor("darwin"), CaseFor("linux")
	for _, tc := range []struct {
		rule    Case
		p, dir  string
		sep     byte
		Rel     string
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
		rel, ok := tc.rule.Within(tc.p, tc.dir, tc.sep)
		if ok == tc.outside || rel != tc.Rel {
			t.Errorf("%+v within(%q, %q) = %q, %v; want %q, inside=%v", tc.rule, tc.p, tc.dir, rel, ok, tc.Rel, !tc.outside)
		}
	}
}

// TestBoundaryFoldsCase: with the Windows rule, an absolute path that
// spells the root in another case is inside it; with the macOS rule only
// when it is the same directory on disk (on a case-sensitive file system
// only a link makes it so); with the Linux rule never.
func TestBoundaryFoldsCase(t *testing.T) {
	p := newProject(t)
	upper := filepath.Join(filepath.Dir(p.Dir), "PROJ")
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
		{"linux", filepath.Join(p.Dir, "src", "main.go"), true},
	}
	if !folds { // a link spelt in another case is the same directory here
		link := filepath.Join(filepath.Dir(p.Dir), "Proj")
		if err := os.Symlink(p.Dir, link); err != nil {
			t.Fatal(err)
		}
		rows = append(rows, row{"darwin", filepath.Join(link, "src", "main.go"), true})
	}
	for _, tc := range rows {
		p.b.SetCase(CaseFor(tc.goos))
		loc, err := p.b.Locate(filepath.ToSlash(tc.path), "")
		if err != nil {
			t.Fatal(err)
		}
		if loc.Inside != tc.inside || tc.inside && !strings.HasPrefix(loc.Abs, p.Dir) {
			t.Errorf("%s: Locate(%s) = %+v, want inside=%v under %s", tc.goos, tc.path, loc, tc.inside, p.Dir)
		}
	}
}

// TestMayBeLink: a Windows junction (an irregular file to Go) is read as a
// link, as a symbolic link is; directories and files are not.
func TestMayBeLink(t *testing.T) {
	for _, tc := range []struct {
		mode fs.FileMode
		Link bool
	}{
		{fs.ModeSymlink | 0o777, true},
		{fs.ModeIrregular | 0o666, true},
		{fs.ModeDir | 0o755, false},
		{0o644, false},
		{fs.ModeSocket, false},
	} {
		if got := MayBeLink(tc.mode); got != tc.Link {
			t.Errorf("mayBeLink(%v) = %v, want %v", tc.mode, got, tc.Link)
		}
	}
}

// TestPathCaseShortAlias: only Windows has 8.3 aliases, found in any name
// of a path with either separator.
func TestPathCaseShortAlias(t *testing.T) {
	win, linux := CaseFor("windows"), CaseFor("linux")
	for _, tc := range []struct {
		rule Case
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
		if got := tc.rule.ShortAlias(tc.p); got != tc.want {
			t.Errorf("%+v shortAlias(%q) = %q, want %q", tc.rule, tc.p, got, tc.want)
		}
	}
}
