package session

import (
	"errors"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestResolveHome(t *testing.T) {
	cwd, _ := os.Getwd()
	tests := []struct {
		name string
		goos string
		env  map[string]string
		want string
		err  error
	}{
		{"override wins", "linux", map[string]string{"WTAGENT_HOME": "/srv/wt", "XDG_DATA_HOME": "/x", "HOME": "/home/a"}, "/srv/wt", nil},
		{"relative override made absolute", "linux", map[string]string{"WTAGENT_HOME": "rel/wt"}, filepath.Join(cwd, "rel/wt"), nil},
		{"xdg", "linux", map[string]string{"XDG_DATA_HOME": "/data", "HOME": "/home/a"}, "/data/wtagent", nil},
		{"relative xdg ignored", "linux", map[string]string{"XDG_DATA_HOME": "data", "HOME": "/home/a"}, "/home/a/.local/share/wtagent", nil},
		{"linux default", "linux", map[string]string{"HOME": "/home/a"}, "/home/a/.local/share/wtagent", nil},
		{"freebsd default", "freebsd", map[string]string{"HOME": "/home/a"}, "/home/a/.local/share/wtagent", nil},
		{"macos", "darwin", map[string]string{"HOME": "/Users/a", "XDG_DATA_HOME": "/x"}, "/Users/a/Library/Application Support/wtagent", nil},
		{"windows appdata", "windows", map[string]string{"APPDATA": `C:\Users\a\AppData\Roaming\`}, `C:\Users\a\AppData\Roaming\wtagent`, nil},
		{"windows profile", "windows", map[string]string{"USERPROFILE": `C:\Users\a`}, `C:\Users\a\AppData\Roaming\wtagent`, nil},
		{"no home linux", "linux", nil, "", ErrNoHome},
		{"no home macos", "darwin", nil, "", ErrNoHome},
		{"no home windows", "windows", nil, "", ErrNoHome},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, err := ResolveHome(func(k string) string { return tt.env[k] }, tt.goos)
			if !errors.Is(err, tt.err) {
				t.Fatalf("err = %v, want %v", err, tt.err)
			}
			if h.Dir() != tt.want {
				t.Fatalf("Dir() = %q, want %q", h.Dir(), tt.want)
			}
		})
	}
}

func TestHomePaths(t *testing.T) {
	h, err := NewHome("/wt")
	if err != nil {
		t.Fatal(err)
	}
	for got, want := range map[string]string{
		h.SessionsDir(): "/wt/sessions", h.ProfileDir(): "/wt/chrome-profile", h.RunDir(): "/wt/run",
		h.ConfigFile(): "/wt/config.json", h.HistoryFile(): "/wt/history.jsonl",
	} {
		if got != filepath.FromSlash(want) {
			t.Errorf("got %q, want %q", got, want)
		}
	}
	if _, err := h.SessionDir("../../etc"); !errors.Is(err, ErrBadID) {
		t.Fatalf("SessionDir(../../etc) err = %v", err)
	}
	if _, err := h.SocketPath("x"); !errors.Is(err, ErrBadID) {
		t.Fatalf("SocketPath(x) err = %v", err)
	}
	p, err := h.SocketPath(fixtureID)
	if err != nil || p != filepath.Join("/wt/run", fixtureID+".sock") {
		t.Fatalf("SocketPath = %q, %v", p, err)
	}
}

func TestEnsureLayout(t *testing.T) {
	h, err := NewHome(filepath.Join(t.TempDir(), "wt"))
	if err != nil {
		t.Fatal(err)
	}
	if err := h.EnsureLayout(); err != nil {
		t.Fatal(err)
	}
	// A loosened run dir is tightened again.
	if err := os.Chmod(h.RunDir(), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := h.EnsureLayout(); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{h.Dir(), h.SessionsDir(), h.RunDir(), h.ProfileDir()} {
		fi, err := os.Stat(d)
		if err != nil {
			t.Fatal(err)
		}
		if runtime.GOOS != "windows" && fi.Mode().Perm() != 0o700 {
			t.Errorf("%s mode %o, want 700", d, fi.Mode().Perm())
		}
	}
}

func TestEnsureLayoutRefusesSymlinkedSessions(t *testing.T) {
	base := t.TempDir()
	h, _ := NewHome(filepath.Join(base, "wt"))
	if err := os.MkdirAll(h.Dir(), 0o700); err != nil {
		t.Fatal(err)
	}
	elsewhere := filepath.Join(base, "elsewhere")
	if err := os.Mkdir(elsewhere, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, h.SessionsDir()); err != nil {
		t.Skip("no symlinks:", err)
	}
	if err := h.EnsureLayout(); !errors.Is(err, ErrSymlink) {
		t.Fatalf("EnsureLayout err = %v, want ErrSymlink", err)
	}
	if _, err := Create(h, Meta{Root: "/p"}); !errors.Is(err, ErrSymlink) {
		t.Fatalf("Create err = %v, want ErrSymlink", err)
	}
	if _, err := List(h); !errors.Is(err, ErrSymlink) {
		t.Fatalf("List err = %v, want ErrSymlink", err)
	}
}

// TestSocketName: the status socket keeps its <id>.sock name while the
// path fits in a socket address, and falls back to the id's random part
// (a long Windows user name under %APPDATA%, a deep WTAGENT_HOME).
func TestSocketName(t *testing.T) {
	for _, tc := range []struct {
		runDir, want string
	}{
		{`C:\Users\me\AppData\Roaming\wtagent\run`, fixtureID + ".sock"},
		{`C:\Users\` + strings.Repeat("u", 40) + `\AppData\Roaming\wtagent\run`, "0a1b2c3d.sock"},
		{"/Users/me/Library/Application Support/wtagent/run", fixtureID + ".sock"},
		{"/" + strings.Repeat("d", 72), fixtureID + ".sock"}, // 73+1+29 = 103 bytes
		{"/" + strings.Repeat("d", 73), "0a1b2c3d.sock"},
		{"/" + strings.Repeat("d", 200), "0a1b2c3d.sock"}, // too long either way
	} {
		if got := socketName(tc.runDir, fixtureID); got != tc.want {
			t.Errorf("socketName(%d-byte dir) = %q, want %q", len(tc.runDir), got, tc.want)
		}
	}
}

// TestSocketPathListens: in a data root deep enough that <id>.sock would
// not fit in a socket address (110 bytes, more than Linux's 108), the path
// SocketPath gives can be listened on.
func TestSocketPathListens(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, strings.Repeat("d", max(1, 110-37-len(base))), "x")
	h, err := NewHome(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.EnsureLayout(); err != nil {
		t.Fatal(err)
	}
	p, err := h.SocketPath(fixtureID)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(p) != "0a1b2c3d.sock" || len(filepath.Join(h.RunDir(), fixtureID+".sock")) <= maxSocketPath {
		t.Fatalf("SocketPath = %q: the set-up should need the short name", p)
	}
	ln, err := net.Listen("unix", p)
	if err != nil {
		t.Fatalf("listen on %s (%d bytes): %v", p, len(p), err)
	}
	ln.Close()
}
