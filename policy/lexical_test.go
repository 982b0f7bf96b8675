package policy

import (
	"path/filepath"
	"strings"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/policy/boundary"
	"github.com/wtagent/wtagent/policy/classify"
	"github.com/wtagent/wtagent/policy/secrets"
)

// The lexical judge: Classify judges paths without a file system, so the
// command table can be tested on its own; the engine judges with the real
// root (Engine.Check).

// Classify classifies a terminal.exec or process.start call by the
// program's basename (through wrappers such as env, sudo, nice, timeout,
// xargs and npx; through absolute and ./ forms) and its argv, with the
// built-in command table (see commandHandler). Path arguments are judged
// lexically: "~", absolute paths and ".." that leave the directory make the
// call sensitive, and credential-looking names too. The engine's Check does
// the same with the real project root, its symbolic links and the call's
// cwd.
func Classify(program string, argv []string) classify.Classification {
	return classify.Command(program, argv, lexicalJudge{})
}

// lexicalJudge judges paths without a file system: the directory the
// command runs in stands for the project root. goos picks the platform's
// path rule (boundary.CaseFor); "" is the host's.
type lexicalJudge struct{ goos string }

// classifyOn is Classify under the path rule of goos.
func classifyOn(goos string, words []string) classify.Classification {
	return classify.Command(words[0], words[1:], lexicalJudge{goos})
}

func (lexicalJudge) Arg(c *classify.Classifier, i int, p string) {
	switch {
	case strings.HasPrefix(p, "~"):
		c.Add(messages.RiskSensitive, classify.OutsideReason(p, p), i)
	case filepath.IsAbs(p):
		if !classify.HarmlessDevice(filepath.Clean(p)) {
			c.Add(messages.RiskSensitive, classify.OutsideReason(p, p), i)
		}
	case escapes(p):
		c.Add(messages.RiskSensitive, classify.OutsideReason(p, p), i)
	case secrets.IsCredentialPath(p):
		c.Add(messages.RiskSensitive, "reads the credential file "+p, i)
	}
}

func (j lexicalJudge) Cases() boundary.Case {
	if j.goos == "" {
		return boundary.HostCase()
	}
	return boundary.CaseFor(j.goos)
}

func (lexicalJudge) Program(c *classify.Classifier, at int) {
	if w := c.Words[at]; (!filepath.IsAbs(w) && escapes(w)) || (filepath.IsAbs(w) && !classify.SystemProgram(w)) {
		c.Add(messages.RiskSensitive, "runs "+w+", a program outside the project root", at)
	}
}

func (lexicalJudge) Kind(p string) string {
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

// Wipes is the lexical check: the root, "~" and the directory the
// command runs in (which stands for the project root) or one above it,
// under this platform's rule; the cwd and home are stand-ins.
func (j lexicalJudge) Wipes(p string) string {
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
