package classify

import (
	"path/filepath"
	"strings"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/policy/boundary"
	"github.com/wtagent/wtagent/policy/secrets"
)

// LexicalJudge is a Judge of paths without a file system, so the command
// table can be tested on its own (the policy engine judges with the real
// root): the directory the command runs in stands for the project root.
// "~", absolute paths (but harmless devices) and ".." that leave the
// directory make a call sensitive, and credential-looking names too.
type LexicalJudge struct {
	// GOOS picks the platform's path rule (boundary.CaseFor); "" is the
	// host's.
	GOOS string
}

var _ Judge = LexicalJudge{}

// Arg judges the path argument p of word i.
func (LexicalJudge) Arg(c *Classifier, i int, p string) {
	switch {
	case strings.HasPrefix(p, "~"):
		c.Add(event.RiskSensitive, OutsideReason(p, p), i)
	case filepath.IsAbs(p):
		if !HarmlessDevice(filepath.Clean(p)) {
			c.Add(event.RiskSensitive, OutsideReason(p, p), i)
		}
	case escapes(p):
		c.Add(event.RiskSensitive, OutsideReason(p, p), i)
	case secrets.IsCredentialPath(p):
		c.Add(event.RiskSensitive, "reads the credential file "+p, i)
	}
}

// Cases is the path rule of j.GOOS.
func (j LexicalJudge) Cases() boundary.Case {
	if j.GOOS == "" {
		return boundary.HostCase()
	}
	return boundary.CaseFor(j.GOOS)
}

// Program judges the program word at: one outside the directory, or an
// absolute one that is not a system program, is sensitive.
func (LexicalJudge) Program(c *Classifier, at int) {
	if w := c.Words[at]; (!filepath.IsAbs(w) && escapes(w)) || (filepath.IsAbs(w) && !SystemProgram(w)) {
		c.Add(event.RiskSensitive, "runs "+w+", a program outside the project root", at)
	}
}

// Kind is "outside" for a path that leaves the directory, "" otherwise.
func (LexicalJudge) Kind(p string) string {
	if strings.HasPrefix(p, "~") || filepath.IsAbs(p) || escapes(p) {
		return "outside"
	}
	return ""
}

// escapes reports whether a relative path climbs above its directory.
func escapes(p string) bool {
	p = filepath.Clean(p)
	return p == ".." || strings.HasPrefix(p, "../")
}

// Wipes is the lexical wipe check: the root, "~" and the directory the
// command runs in (which stands for the project root) or one above it,
// under this platform's rule; the cwd and home are stand-ins.
func (j LexicalJudge) Wipes(p string) string {
	cs := j.Cases()
	vol := ""
	if cs.Volumes {
		vol = "C:"
	}
	cwd, home := vol+"/.cwd", vol+"/.home"
	abs := cs.WipePath(p, cwd, home)
	if abs == cwd {
		return "the directory it runs in (" + p + ")"
	}
	return cs.WipeOf([]string{abs}, []string{home}, []string{cwd})
}

// Matches cannot list files: the lexical judge has no file system.
func (LexicalJudge) Matches(string, int) ([]string, bool) { return nil, false }

// Holds is an enforced sandbox's containment: the lexical judge tests
// the command table as a run under the sandbox judges.
func (LexicalJudge) Holds() Containment { return Contained() }

// RunsCode cannot tell: the lexical judge has no project or home.
func (LexicalJudge) RunsCode(string) bool { return false }

// Uncommitted cannot tell: the lexical judge has no work tree.
func (LexicalJudge) Uncommitted() int { return -1 }

// Script cannot read files: the lexical judge has no file system.
func (LexicalJudge) Script(string) (string, bool) { return "", false }
