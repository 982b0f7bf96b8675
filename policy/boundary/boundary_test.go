package boundary

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestResolveRefusesEscapes(t *testing.T) {
	p := newProject(t)
	long := strings.Repeat("a", 300)
	tests := []struct {
		name, path string
		want       error
	}{
		{"parent", "../secret", ErrOutsideRoot},
		{"parent of parent", "../../etc/passwd", ErrOutsideRoot},
		{"absolute elsewhere", "/etc/passwd", ErrOutsideRoot},
		{"home", "~/.ssh/id_rsa", ErrOutsideRoot},
		{"home alone", "~", ErrOutsideRoot},
		{"other user's home", "~root/.bashrc", ErrBadPath},
		{"climb after a name", "sub/../../x", ErrBadPath},
		{"dot-dot after a name inside", "src/../src/main.go", ErrBadPath},
		{"absolute with dot-dot", p.Dir + "/src/../../outside/secret", ErrBadPath},
		{"NUL byte", "src/main.go\x00.txt", ErrBadPath},
		{"newline", "src/ma\nin.go", ErrBadPath},
		{"escape char", "src/\x1b[31m", ErrBadPath},
		{"zero-width space", "src/ma\u200bin.go", ErrBadPath},
		{"right-to-left override", "src/\u202egod.exe", ErrBadPath},
		{"invalid UTF-8", "src/\xff.go", ErrBadPath},
		{"300-byte name", "src/" + long, ErrBadPath},
		{"path over 4096 bytes", strings.Repeat("abc/", 1100), ErrBadPath},
		{"trailing dot", "src/main.go.", ErrBadPath},
		{"trailing dots", "src...", ErrBadPath},
		{"trailing space", "src/main.go ", ErrBadPath},
		{"leading space", " src/main.go", ErrBadPath},
		{"backslash", `src\..\..\x`, ErrBadPath},
		{"empty", "", ErrBadPath},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rel, err := p.b.Resolve(tt.path)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Resolve(%q) = %q, %v; want %v", shorten(tt.path), rel, err, tt.want)
			}
			var pe *PathError
			if !errors.As(err, &pe) || pe.Reason == "" {
				t.Fatalf("error %v is not a *PathError with a reason", err)
			}
		})
	}
}

func TestResolveAcceptsInsidePaths(t *testing.T) {
	p := newProject(t)
	tests := []struct{ path, want string }{
		{".", "."},
		{"./src/main.go", "src/main.go"},
		{"src//main.go", "src/main.go"},
		{"src/./main.go", "src/main.go"},
		{p.Dir, "."},
		{p.Dir + "/src/main.go", "src/main.go"},
		{"../proj/src/main.go", "src/main.go"}, // leading ".." that comes back in is what the kernel does too
		{".env", ".env"},
		{"a.b/c", "a.b/c"},
		{"~backup", ""}, // "~name" is refused, see below
	}
	for _, tt := range tests {
		rel, err := p.b.Resolve(tt.path)
		if tt.want == "" {
			if err == nil {
				t.Errorf("Resolve(%q) = %q, want an error", tt.path, rel)
			}
			continue
		}
		if err != nil || rel != tt.want {
			t.Errorf("Resolve(%q) = %q, %v; want %q", tt.path, rel, err, tt.want)
		}
	}
}

func TestLocateOutside(t *testing.T) {
	p := newProject(t)
	home := filepath.Dir(p.Dir)
	tests := []struct {
		path, abs string
		inside    bool
	}{
		{"/etc/hosts", "/etc/hosts", false},
		{"../outside/secret", filepath.Join(p.Outside, "secret"), false},
		{"~/outside/secret", filepath.Join(p.Outside, "secret"), false},
		{"~/proj/src/main.go", p.Path("src/main.go"), true},
	}
	for _, tt := range tests {
		loc, err := p.b.Locate(tt.path, home)
		if err != nil || loc.Abs != tt.abs || loc.Inside != tt.inside {
			t.Errorf("Locate(%q) = %+v, %v; want abs %s inside %v", tt.path, loc, err, tt.abs, tt.inside)
		}
	}
}

func TestCheckRefusesSymlinkEscapes(t *testing.T) {
	p := newProject(t)
	p.Symlink(p.Outside, "linkdir")                          // a directory link out
	p.Symlink(filepath.Join(p.Outside, "secret"), "abslink") // an absolute link out
	p.Symlink("../outside/secret", "rellink")                // a relative link out
	p.Symlink("../../outside", "src/uplink")                 // climbs out through ".."
	p.Symlink(p.Path("src/main.go"), "absinside")            // absolute, pointing inside
	p.Symlink("loop2", "loop1")                              // a loop
	p.Symlink("loop1", "loop2")                              //
	p.Symlink("main.go", "src/alias.go")                     // a relative link inside: fine
	p.Symlink("../src", "node_modules/srclink")              // a relative directory link inside: fine
	tests := []struct {
		Rel  string
		want error
	}{
		{"linkdir/secret", ErrSymlinkEscape},
		{"linkdir", ErrSymlinkEscape},
		{"abslink", ErrSymlinkEscape},
		{"rellink", ErrSymlinkEscape},
		{"src/uplink/secret", ErrSymlinkEscape},
		{"absinside", ErrSymlinkEscape},
		{"linkdir/new-file", ErrSymlinkEscape},
		{"loop1", ErrBadPath},
		{"src/alias.go", nil},
		{"node_modules/srclink/main.go", nil},
	}
	for _, tt := range tests {
		for _, write := range []bool{false, true} {
			_, err := p.b.Check(tt.Rel, write)
			if !errors.Is(err, tt.want) && !(tt.want == nil && err == nil) {
				t.Errorf("Check(%q, write=%v) = %v; want %v", tt.Rel, write, err, tt.want)
			}
			if tt.want == ErrSymlinkEscape {
				// The operation itself is refused through the root too.
				if f, err := p.b.Root().Open(tt.Rel); err == nil {
					f.Close()
					t.Errorf("Root().Open(%q) succeeded through an escaping link", tt.Rel)
				}
			}
		}
	}
}

func TestCheckReportsTargetOfEscapingLink(t *testing.T) {
	p := newProject(t)
	p.Symlink(p.Outside, "linkdir")
	_, err := p.b.Check("linkdir/secret", false)
	if err == nil || !strings.Contains(ReasonOf(err), p.Outside) {
		t.Fatalf("reason %q does not name the link's target %s", ReasonOf(err), p.Outside)
	}
}

// TestSymlinkSwapAfterCheck shows that a check cannot be raced: after
// Resolve and Check passed for sub/f, sub is swapped for a link out of the
// root; the naive path now reaches the outside file, but opening through
// the Boundary refuses.
func TestSymlinkSwapAfterCheck(t *testing.T) {
	p := newProject(t)
	p.Write("sub/f", "inside\n")
	p.WriteOutside("f", "OUTSIDE\n")
	rel, err := p.b.Resolve("sub/f")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.b.Check(rel, false); err != nil {
		t.Fatal(err)
	}
	// The swap.
	if err := os.Rename(p.Path("sub"), p.Path("sub.old")); err != nil {
		t.Fatal(err)
	}
	p.Symlink(p.Outside, "sub")

	naive, err := os.ReadFile(filepath.Join(p.Dir, rel))
	if err != nil || string(naive) != "OUTSIDE\n" {
		t.Fatalf("the swap did not take: naive read = %q, %v", naive, err)
	}
	for name, open := range map[string]func() (*os.File, error){
		"Root().Open": func() (*os.File, error) { return p.b.Root().Open(rel) },
		"Open":        func() (*os.File, error) { return p.b.Open(rel) },
		"OpenFile(write)": func() (*os.File, error) {
			return p.b.OpenFile(rel, os.O_WRONLY|os.O_TRUNC, 0)
		},
	} {
		if f, err := open(); err == nil {
			f.Close()
			t.Errorf("%s(%q) followed the swapped link out of the root", name, rel)
		}
	}
	if _, err := p.b.OpenFile(rel, os.O_RDONLY, 0); !errors.Is(err, ErrSymlinkEscape) {
		t.Errorf("OpenFile error = %v, want ErrSymlinkEscape", err)
	}
	if _, err := p.b.Check(rel, false); !errors.Is(err, ErrSymlinkEscape) {
		t.Errorf("Check after the swap = %v, want ErrSymlinkEscape", err)
	}
	if got, _ := os.ReadFile(filepath.Join(p.Outside, "f")); string(got) != "OUTSIDE\n" {
		t.Errorf("outside file changed: %q", got)
	}
}

func TestCheckMissing(t *testing.T) {
	p := newProject(t)
	if fi, err := p.b.Check("src/new.go", true); err != nil || fi != nil {
		t.Errorf("Check(missing, write) = %v, %v; want nil, nil", fi, err)
	}
	if _, err := p.b.Check("src/new.go", false); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Check(missing, read) = %v; want fs.ErrNotExist", err)
	}
	if _, err := p.b.Check("../x", false); !errors.Is(err, ErrBadPath) {
		t.Errorf("Check of a non-local path = %v; want ErrBadPath", err)
	}
}

func TestOpenBoundary(t *testing.T) {
	if _, err := Open("/"); err == nil {
		t.Error("OpenBoundary(/) succeeded")
	}
	if _, err := Open(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Error("OpenBoundary(missing) succeeded")
	}
	// A root given through a symbolic link resolves to its target, and
	// absolute paths through either form are inside.
	p := newProject(t)
	link := filepath.Join(filepath.Dir(p.Dir), "via")
	if err := os.Symlink(p.Dir, link); err != nil {
		t.Fatal(err)
	}
	b, err := Open(link)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if b.Dir() != p.Dir {
		t.Errorf("Dir() = %s, want %s", b.Dir(), p.Dir)
	}
	for _, abs := range []string{link + "/src/main.go", p.Dir + "/src/main.go"} {
		if rel, err := b.Resolve(abs); err != nil || rel != "src/main.go" {
			t.Errorf("Resolve(%s) = %q, %v", abs, rel, err)
		}
	}
}
