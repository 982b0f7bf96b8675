package chrome

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"regexp"
	"sort"
	"strings"
	"time"
)

// Browser kinds that Discover reports.
const (
	KindChrome   = "chrome"
	KindChromium = "chromium"
	KindEdge     = "edge"
)

// ChromeEnv is the environment variable that overrides discovery with a
// browser binary.
const ChromeEnv = "WTAGENT_CHROME"

// ErrNoChrome means no Chrome, Chromium or Edge was found.
var ErrNoChrome = errors.New("no Chrome, Chromium or Edge found")

// Found is a discovered browser binary.
type Found struct {
	// Path is the binary to run.
	Path string `json:"path"`
	// Kind is chrome, chromium or edge.
	Kind string `json:"kind"`
	// Version is the browser's version ("156.0.8078.114"), or empty when it
	// cannot be read without starting a window (Windows).
	Version string `json:"version,omitempty"`
	// FromEnv is true when WTAGENT_CHROME chose the binary.
	FromEnv bool `json:"from_env,omitempty"`
}

// Discover finds the browser to drive on goos ("linux", "darwin",
// "windows"): WTAGENT_CHROME if set, else Google Chrome, then Chromium, then
// Microsoft Edge in their usual install places and on PATH. On Debian the
// real binary /usr/lib/chromium/chromium is preferred over the
// /usr/bin/chromium wrapper script. getenv is usually os.Getenv.
func Discover(getenv func(string) string, goos string) (Found, error) {
	d := discoverer{getenv: getenv, goos: goos, stat: os.Stat, version: probeVersion}
	return d.find()
}

// discoverer holds Discover's dependencies so tests can fake the file
// system.
type discoverer struct {
	getenv  func(string) string
	goos    string
	stat    func(string) (fs.FileInfo, error)
	version func(path, goos string) string
}

// candidate is a place a browser may be installed.
type candidate struct {
	path string // absolute path, or a bare name looked up on PATH
	kind string
}

func (d discoverer) find() (Found, error) {
	if p := strings.TrimSpace(d.getenv(ChromeEnv)); p != "" {
		full, ok := d.resolve(p)
		if !ok {
			return Found{}, fmt.Errorf("%s=%q: not an executable file", ChromeEnv, p)
		}
		return Found{Path: full, Kind: kindOf(full), Version: d.version(full, d.goos), FromEnv: true}, nil
	}
	var tried []string
	for _, c := range d.candidates() {
		tried = append(tried, c.path)
		if full, ok := d.resolve(c.path); ok {
			return Found{Path: full, Kind: c.kind, Version: d.version(full, d.goos)}, nil
		}
	}
	return Found{}, fmt.Errorf("%w (looked for %s); install one or set %s", ErrNoChrome, strings.Join(tried, ", "), ChromeEnv)
}

// resolve returns the executable file p names: an absolute path as is, a
// bare name through PATH.
func (d discoverer) resolve(p string) (string, bool) {
	if d.isAbs(p) {
		return p, d.isExec(p)
	}
	sep := ":"
	if d.goos == "windows" {
		sep = ";"
	}
	for _, dir := range strings.Split(d.getenv("PATH"), sep) {
		if dir == "" {
			continue
		}
		names := []string{p}
		if d.goos == "windows" && !strings.HasSuffix(strings.ToLower(p), ".exe") {
			names = []string{p + ".exe"}
		}
		for _, n := range names {
			full := d.join(dir, n)
			if d.isExec(full) {
				return full, true
			}
		}
	}
	return "", false
}

func (d discoverer) isAbs(p string) bool {
	if d.goos == "windows" {
		return len(p) > 2 && p[1] == ':' && (p[2] == '\\' || p[2] == '/') || strings.HasPrefix(p, `\\`)
	}
	return strings.HasPrefix(p, "/")
}

func (d discoverer) isExec(p string) bool {
	fi, err := d.stat(p)
	if err != nil || fi.IsDir() {
		return false
	}
	if d.goos == "windows" {
		return true
	}
	return fi.Mode().Perm()&0o111 != 0
}

func (d discoverer) join(dir, name string) string {
	if d.goos == "windows" {
		return strings.TrimRight(dir, `\/`) + `\` + name
	}
	return path.Join(dir, name)
}

// candidates lists the install places for goos, Chrome first, then
// Chromium, then Edge.
func (d discoverer) candidates() []candidate {
	switch d.goos {
	case "darwin":
		home := d.getenv("HOME")
		var cs []candidate
		for _, app := range []candidate{
			{"Google Chrome.app/Contents/MacOS/Google Chrome", KindChrome},
			{"Chromium.app/Contents/MacOS/Chromium", KindChromium},
			{"Microsoft Edge.app/Contents/MacOS/Microsoft Edge", KindEdge},
		} {
			cs = append(cs, candidate{"/Applications/" + app.path, app.kind})
			if home != "" {
				cs = append(cs, candidate{home + "/Applications/" + app.path, app.kind})
			}
		}
		return cs
	case "windows":
		var cs []candidate
		roots := []string{d.getenv("ProgramFiles"), d.getenv("ProgramFiles(x86)"), d.getenv("LOCALAPPDATA")}
		add := func(rel, kind string) {
			for _, r := range roots {
				if r != "" {
					cs = append(cs, candidate{d.join(r, rel), kind})
				}
			}
		}
		add(`Google\Chrome\Application\chrome.exe`, KindChrome)
		cs = append(cs, candidate{"chrome", KindChrome})
		add(`Chromium\Application\chrome.exe`, KindChromium)
		add(`Microsoft\Edge\Application\msedge.exe`, KindEdge)
		cs = append(cs, candidate{"msedge", KindEdge})
		return cs
	default:
		return []candidate{
			{"/opt/google/chrome/chrome", KindChrome},
			{"google-chrome-stable", KindChrome},
			{"google-chrome", KindChrome},
			// Debian and Ubuntu: the real binary, not the wrapper script.
			{"/usr/lib/chromium/chromium", KindChromium},
			{"/usr/lib/chromium-browser/chromium-browser", KindChromium},
			{"chromium", KindChromium},
			{"chromium-browser", KindChromium},
			{"/snap/bin/chromium", KindChromium},
			{"/opt/microsoft/msedge/msedge", KindEdge},
			{"microsoft-edge-stable", KindEdge},
			{"microsoft-edge", KindEdge},
		}
	}
}

// kindOf guesses the kind of a browser from its path.
func kindOf(p string) string {
	l := strings.ToLower(p)
	switch {
	case strings.Contains(l, "edge"):
		return KindEdge
	case strings.Contains(l, "chromium"):
		return KindChromium
	default:
		return KindChrome
	}
}

var versionRE = regexp.MustCompile(`\b(\d+\.\d+\.\d+\.\d+)\b`)

// probeVersion reads the browser's version: `--version` on Linux and
// macOS; on Windows, where that would open a window, the version-named
// directory next to the binary.
func probeVersion(bin, goos string) string {
	if goos == "windows" {
		dir := bin[:strings.LastIndexAny(bin, `\/`)+1]
		entries, err := os.ReadDir(dir)
		if err != nil {
			return ""
		}
		var vs []string
		for _, e := range entries {
			if e.IsDir() && versionRE.MatchString(e.Name()) {
				vs = append(vs, e.Name())
			}
		}
		sort.Slice(vs, func(i, j int) bool { return compareVersions(vs[i], vs[j]) < 0 })
		if len(vs) == 0 {
			return ""
		}
		return vs[len(vs)-1]
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, bin, "--version").Output()
	if err != nil {
		return ""
	}
	return versionRE.FindString(string(out))
}

// compareVersions compares dotted version strings numerically.
func compareVersions(a, b string) int {
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(as) || i < len(bs); i++ {
		var x, y int
		if i < len(as) {
			fmt.Sscan(as[i], &x)
		}
		if i < len(bs) {
			fmt.Sscan(bs[i], &y)
		}
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return 0
}
