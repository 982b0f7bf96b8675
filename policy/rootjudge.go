package policy

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/policy/boundary"
	"github.com/wtagent/wtagent/policy/classify"
	"github.com/wtagent/wtagent/policy/secrets"
)

// rootJudge judges command arguments against the project root: relative
// paths from the call's cwd, through the symbolic links on disk as the
// Program would follow them.
type rootJudge struct {
	e *Engine
	// cwdRel is the root-relative cwd; "" when the cwd is outside the root.
	cwdRel string
	// cwdAbs is the absolute cwd.
	cwdAbs string
	// uncommitted caches Uncommitted.
	uncommitted *int
}

// spot is where an argument leads.
type spot struct {
	abs    string
	rel    string // resolved root-relative path when inside
	inside bool
	via    string // the symbolic link that led outside, if any
	w      boundary.Walk
}

func (j *rootJudge) locate(p string) spot {
	b := j.e.b
	var abs string
	switch {
	case classify.HomePath(p):
		if j.e.home == "" {
			return spot{abs: p}
		}
		abs = filepath.Join(j.e.home, p[1:])
	case strings.HasPrefix(p, "~"):
		return spot{abs: p} // ~user: another user's home
	case filepath.IsAbs(p):
		abs = filepath.Clean(p)
	default:
		abs = filepath.Join(j.cwdAbs, p)
	}
	rel, inside := b.RelOf(abs)
	if !inside {
		return spot{abs: abs}
	}
	raw := rel // for relative args, walk the words as given, ".." and all
	if !filepath.IsAbs(p) && !classify.HomePath(p) && j.cwdRel != "" {
		raw = j.cwdRel + "/" + p
	}
	w, err := b.Follow(raw, true)
	switch {
	case err != nil:
		return spot{abs: abs, rel: rel, inside: true}
	case w.Escape != "":
		return spot{abs: w.Escape, via: w.Link}
	}
	return spot{abs: b.Abs(w.Rel), rel: w.Rel, inside: true, w: w}
}

func (j *rootJudge) Arg(c *classify.Classifier, i int, p string) {
	s := j.locate(p)
	switch {
	case j.e.protected(s.abs):
		c.Deny(p + " is wtagent's own data (its Chrome profile and sessions), which the model may never touch")
	case j.e.cs.ShortAlias(p) != "":
		c.AddPath(event.RiskSensitive, p+" names "+j.e.cs.ShortAlias(p)+", shaped like a Windows 8.3 short name (GIT~1 is .git): where it leads is not checked", i, s.abs)
	case !s.inside && classify.HarmlessDevice(s.abs):
	case !s.inside && s.via == "" && !j.e.held.Files && j.missingOutside(s.abs):
		c.AddPath(event.RiskSensitive, "no sandbox holds a write to "+s.abs+", outside the project", i, s.abs)
	case !s.inside && s.via == "" && j.plainOutside(s.abs):
	case !s.inside && s.via != "":
		c.AddPath(event.RiskSensitive, s.via+" is a symbolic link to "+s.abs+", outside the project root", i, s.abs)
	case !s.inside:
		c.AddPath(event.RiskSensitive, classify.OutsideReason(p, s.abs), i, s.abs)
	case s.w.Info != nil && !s.w.Info.IsDir() && (secrets.IsCredentialPath(s.rel) || secrets.IsCredentialPath(p)):
		// Only existing files: "python -m venv .env" creates a directory,
		// "cp .env.example .env" writes one; neither reads a secret.
		c.AddPath(event.RiskSensitive, "reads the credential file "+s.rel, i, s.abs)
	}
}

// plainOutside reports an outside path that holds nothing private: a
// system path everyone can read (/usr/include, /etc/os-release — the
// sandbox lets programs read the system and keeps them from writing it),
// a toolchain's directory in the home (~/.nvm, ~/.cargo/registry), or a
// path that does not exist outside the home (a Windows switch such
// as /t, a directory a build would create: nothing to read, and the
// sandbox refuses the write; without the sandbox, missingOutside asks
// first).
func (j *rootJudge) plainOutside(abs string) bool {
	if secrets.IsCredentialPath(abs) {
		return false
	}
	if j.underHome(abs) {
		rel, _ := filepath.Rel(j.e.home, abs)
		return classify.HomeToolchain(filepath.ToSlash(rel))
	}
	if classify.SystemPath(abs) {
		return true
	}
	_, err := os.Lstat(abs)
	return errors.Is(err, fs.ErrNotExist) && !j.e.protected(abs)
}

// missingOutside reports an outside path that does not exist, outside
// the home, the system and the shared temporary directories: a place
// only a write would create, which the sandbox refuses. A new file in
// /tmp overwrites nothing, nothing can be created in the kernel's /proc
// and /sys, and a word at the top of the disk (/t, /b) is a Windows
// switch far more often than a file there.
func (j *rootJudge) missingOutside(abs string) bool {
	dir := filepath.Dir(abs)
	if j.underHome(abs) || classify.SystemPath(abs) || dir == filepath.Dir(dir) || classify.TempPath(abs) ||
		strings.HasPrefix(abs, "/proc/") || strings.HasPrefix(abs, "/sys/") {
		return false
	}
	_, err := os.Lstat(abs)
	return errors.Is(err, fs.ErrNotExist)
}

// Holds is what the run's sandbox contains of the command.
func (j *rootJudge) Holds() Containment { return j.e.held }

// RunsCode reports a path whose content git or the shell runs:
// .git/hooks and .git/config in the project, or one of the home's
// programs and start-up files (HomeCode).
func (j *rootJudge) RunsCode(p string) bool {
	s := j.locate(p)
	if s.inside {
		k := j.e.cs.Key(j.e.cs.Slash(s.rel))
		if k == ".git/config" || k == ".git/hooks" || strings.HasPrefix(k, ".git/hooks/") {
			return true
		}
	}
	return j.e.homeCode(s.abs)
}

// underHome reports a path in the user's home.
func (j *rootJudge) underHome(abs string) bool {
	if j.e.home == "" {
		return false
	}
	_, ok := j.e.cs.Within(abs, j.e.home, filepath.Separator)
	return ok
}

func (j *rootJudge) Program(c *classify.Classifier, at int) {
	w := c.Words[at]
	if filepath.IsAbs(w) && classify.SystemProgram(w) || !strings.Contains(w, "/") {
		return
	}
	if s := j.locate(w); !s.inside && (s.via != "" || !j.plainOutside(s.abs)) {
		c.AddPath(event.RiskSensitive, "runs "+w+", a program outside the project root ("+s.abs+")", at, s.abs)
	}
}

func (j *rootJudge) Kind(p string) string {
	s := j.locate(p)
	switch {
	case !s.inside:
		return "outside"
	case s.w.Missing:
		return "missing"
	case s.w.Info == nil:
		return ""
	case s.w.Info.IsDir():
		return "dir"
	case s.w.Info.Mode().IsRegular():
		return "file"
	}
	return ""
}

func (j *rootJudge) Cases() boundary.Case { return j.e.cs }

// Matches expands a pattern that searches inside the root, as the shell
// would from the call's cwd (its * and ? skip names starting with a dot
// unless the pattern's does): the paths are absolute. A pattern that
// reaches outside the root is not expanded (ok is false): it is judged by
// where it reaches.
func (j *rootJudge) Matches(pattern string, limit int) ([]string, bool) {
	abs := pattern
	switch {
	case classify.HomePath(pattern), strings.HasPrefix(pattern, "~"):
		return nil, false
	case !filepath.IsAbs(pattern):
		abs = filepath.Join(j.cwdAbs, pattern)
	}
	if _, inside := j.e.b.RelOf(filepath.Dir(abs)); !inside {
		if _, in := j.e.b.RelOf(abs); !in {
			return nil, false
		}
	}
	found, err := filepath.Glob(abs)
	if err != nil {
		return nil, false
	}
	dotted := strings.HasPrefix(filepath.Base(abs), ".")
	var out []string
	for _, m := range found {
		if !dotted && strings.HasPrefix(filepath.Base(m), ".") {
			continue
		}
		if len(out) == limit {
			return out, false
		}
		out = append(out, m)
	}
	return out, true
}
