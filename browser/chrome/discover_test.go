package chrome

import (
	"errors"
	"io/fs"
	"os"
	"strings"
	"testing"
	"testing/fstest"
)

// fakeFS is a discoverer over an in-memory file system (paths without the
// leading slash or drive).
func fakeDiscoverer(goos string, env map[string]string, files ...string) discoverer {
	m := fstest.MapFS{}
	for _, f := range files {
		m[strings.TrimPrefix(strings.ReplaceAll(f, `\`, "/"), "/")] = &fstest.MapFile{Mode: 0o755}
	}
	return discoverer{
		getenv: func(k string) string { return env[k] },
		goos:   goos,
		stat: func(p string) (fs.FileInfo, error) {
			p = strings.TrimPrefix(strings.ReplaceAll(p, `\`, "/"), "/")
			return fs.Stat(m, p)
		},
		version: func(string, string) string { return "1.2.3.4" },
	}
}

func TestDiscover(t *testing.T) {
	for _, tc := range []struct {
		name  string
		goos  string
		env   map[string]string
		files []string
		path  string
		kind  string
		err   bool
	}{
		{"debian prefers the real chromium", "linux", map[string]string{"PATH": "/usr/bin"},
			[]string{"/usr/bin/chromium", "/usr/lib/chromium/chromium"}, "/usr/lib/chromium/chromium", KindChromium, false},
		{"chrome before chromium", "linux", map[string]string{"PATH": "/usr/bin"},
			[]string{"/usr/bin/google-chrome", "/usr/lib/chromium/chromium"}, "/usr/bin/google-chrome", KindChrome, false},
		{"edge as the fallback", "linux", map[string]string{"PATH": "/usr/bin"},
			[]string{"/usr/bin/microsoft-edge"}, "/usr/bin/microsoft-edge", KindEdge, false},
		{"override", "linux", map[string]string{"PATH": "/usr/bin", ChromeEnv: "/opt/my/chromium"},
			[]string{"/usr/bin/google-chrome", "/opt/my/chromium"}, "/opt/my/chromium", KindChromium, false},
		{"override missing", "linux", map[string]string{ChromeEnv: "/nope"}, []string{"/usr/bin/google-chrome"}, "", "", true},
		{"macOS", "darwin", map[string]string{"HOME": "/Users/a"},
			[]string{"/Users/a/Applications/Chromium.app/Contents/MacOS/Chromium"}, "/Users/a/Applications/Chromium.app/Contents/MacOS/Chromium", KindChromium, false},
		{"windows edge", "windows", map[string]string{"ProgramFiles(x86)": `C:\Program Files (x86)`},
			[]string{`C:\Program Files (x86)\Microsoft\Edge\Application\msedge.exe`}, `C:\Program Files (x86)\Microsoft\Edge\Application\msedge.exe`, KindEdge, false},
		{"windows chrome on PATH", "windows", map[string]string{"PATH": `C:\bin;C:\x`},
			[]string{`C:\x\chrome.exe`}, `C:\x\chrome.exe`, KindChrome, false},
		{"nothing", "linux", map[string]string{"PATH": "/usr/bin"}, nil, "", "", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := fakeDiscoverer(tc.goos, tc.env, tc.files...).find()
			if tc.err {
				if err == nil {
					t.Fatalf("found %+v, want an error", f)
				}
				return
			}
			if err != nil || f.Path != tc.path || f.Kind != tc.kind || f.Version != "1.2.3.4" {
				t.Fatalf("found %+v, %v; want %s (%s)", f, err, tc.path, tc.kind)
			}
		})
	}
	if _, err := fakeDiscoverer("linux", nil).find(); !errors.Is(err, ErrNoChrome) {
		t.Fatalf("no browser: %v", err)
	}
}

// TestDiscoverHere runs the real discovery on this machine.
func TestDiscoverHere(t *testing.T) {
	path := chromium(t)
	f, err := Discover(os.Getenv, "linux")
	if err != nil {
		t.Fatal(err)
	}
	if f.Path != path || f.Version == "" {
		t.Fatalf("Discover = %+v, want %s with a version", f, path)
	}
}
