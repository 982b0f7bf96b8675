package policy

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/policy/boundary"
	"github.com/wtagent/wtagent/policy/classify"
	"github.com/wtagent/wtagent/policy/secrets"
)

// access describes what a file tool does with its path.
type access struct {
	verb    string // "reads", "writes", …
	base    event.Risk
	write   bool
	content bool // the tool reads or writes the file's bytes
}

// fileAccess checks the path of an fs.* call. Inside the root: hard denies
// for malformed paths, escaping or absolute symbolic links, special files
// and wtagent's own data; asks for credential files, files with several
// hard links, and writes inside .git. Outside the root: asks (sensitive),
// except for special files and protected paths, which are denied.
func (e *Engine) fileAccess(p string, ac access) assessment {
	a := assessment{base: ac.base, subject: p}
	loc, err := e.b.Locate(p, e.home)
	if err != nil {
		a.denied = boundary.ReasonOf(err)
		return a
	}
	if e.protected(loc.Abs) {
		a.denied = loc.Abs + " is wtagent's own data (its Chrome profile and sessions), which the model may never touch"
		return a
	}
	if why := e.confinedWrite(loc, ac.verb); ac.write && why != "" {
		a.denied = why
		return a
	}
	if !loc.Inside {
		return e.outsideAccess(a, loc.Abs, ac)
	}
	a.subject = loc.Rel
	w, err := e.b.Probe(loc.Rel, ac.write)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		a.allow = ac.verb + " " + loc.Rel + " (it does not exist)"
		return a
	case err != nil:
		a.denied = boundary.ReasonOf(err)
		return a
	case ac.write && w.Info != nil && w.Info.IsDir():
		a.denied = loc.Rel + " is a directory"
		return a
	}
	a.allow = ac.verb + " " + loc.Rel
	a.findings = e.insideFindings(loc.Rel, w, ac)
	return a
}

// insideFindings lists what needs approval about an in-root path.
func (e *Engine) insideFindings(rel string, w boundary.Walk, ac access) []classify.Finding {
	abs := e.b.Abs(rel)
	var fs []classify.Finding
	add := func(r event.Risk, reason string) {
		fs = append(fs, classify.Finding{Risk: r, Reason: reason, At: -1, Path: abs})
	}
	if ac.content && (secrets.IsCredentialPath(rel) || secrets.IsCredentialPath(w.Rel)) && !(ac.verb == "reads" && e.tokenFree(w.Rel)) {
		add(event.RiskSensitive, ac.verb+" the credential file "+rel)
	}
	if ac.content && w.Info != nil && w.Info.Mode().IsRegular() {
		if n := e.b.Links(w.Rel, w.Info); n > 1 && (ac.write || !packageStore(w.Rel)) {
			add(event.RiskSensitive, fmt.Sprintf("%s %s, which has %d hard links: the same file may be outside the project", ac.verb, rel, n))
		}
	}
	if ac.write && (e.homeCode(abs) || e.homeCode(e.b.Abs(w.Rel))) {
		add(event.RiskDestructive, ac.verb+" "+rel+", a program or start-up file that runs outside the sandbox")
	}
	if ac.write && (e.b.Case().InGitDir(rel) || e.b.Case().InGitDir(w.Rel)) {
		add(event.RiskDestructive, ac.verb+" "+rel+" inside .git, which can corrupt history or install hooks")
	}
	return fs
}

// homeCode reports whether abs is one of the home's programs or start-up
// files (HomeCode), which the file tools reach when the project holds
// the home.
func (e *Engine) homeCode(abs string) bool {
	if e.home == "" {
		return false
	}
	homes := []string{e.home}
	if r, err := filepath.EvalSymlinks(e.home); err == nil && r != e.home {
		homes = append(homes, r)
	}
	for _, h := range homes {
		for _, c := range HomeCode() {
			if _, ok := e.cs.Within(abs, filepath.Join(h, filepath.FromSlash(c)), filepath.Separator); ok {
				return true
			}
		}
	}
	return false
}

// packageStore reports trees where package managers hard-link files on
// purpose (pnpm's node_modules, git clone --local): reading them needs no
// approval.
func packageStore(rel string) bool {
	rel = filepath.ToSlash(rel)
	return strings.HasPrefix(rel, "node_modules/") || strings.Contains(rel, "/node_modules/") || strings.HasPrefix(rel, ".git/objects/")
}

// tokenFree reports a package-manager config (.npmrc, .yarnrc.yml) that
// holds no credentials: registry settings only.
func (e *Engine) tokenFree(rel string) bool {
	base := filepath.Base(rel)
	if base != ".npmrc" && base != ".yarnrc.yml" {
		return false
	}
	f, err := e.b.Open(rel)
	if err != nil {
		return false
	}
	defer f.Close()
	buf := make([]byte, 64<<10)
	n, _ := f.Read(buf)
	text := strings.ToLower(string(buf[:n]))
	for _, k := range [...]string{"_auth", "_password", "authtoken", "token", "password", "username", "email"} {
		if strings.Contains(text, k) {
			return false
		}
	}
	return n < len(buf)
}

// outsideAccess checks a path outside the root: it asks, unless it names a
// device, FIFO or socket (denied).
func (e *Engine) outsideAccess(a assessment, abs string, ac access) assessment {
	a.subject = abs
	if fi, err := os.Stat(abs); err == nil {
		if kind := boundary.SpecialKind(fi.Mode()); kind != "" {
			a.denied = fmt.Sprintf("%s is a %s, not a regular file or directory", abs, kind)
			return a
		}
	}
	shown := abs
	if real, err := filepath.EvalSymlinks(abs); err == nil && real != abs {
		if e.protected(real) {
			a.denied = abs + " leads to wtagent's own data, which the model may never touch"
			return a
		}
		shown = abs + " (a link to " + real + ")"
	}
	reason := ac.verb + " " + shown + ", outside the project root"
	if secrets.IsCredentialPath(abs) {
		reason = ac.verb + " the credential file " + shown + ", outside the project root"
	}
	a.findings = []classify.Finding{{Risk: event.RiskSensitive, Reason: reason, At: -1, Path: abs}}
	return a
}
