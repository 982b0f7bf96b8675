package policy

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/policy/boundary"
	"github.com/wtagent/wtagent/policy/classify"
)

// maxArgBytes is Linux's limit on one argv or environment string
// (MAX_ARG_STRLEN); longer words cannot reach a program anyway.
const maxArgBytes = 128 << 10

// execAccess checks a terminal.exec or process.start call: malformed words
// and env entries are denied; the cwd must resolve inside the root (or
// asks, when outside); then the command is classified with the root-aware
// judge and the env additions are checked.
func (e *Engine) execAccess(program string, argv []string, cwd string, env []string) assessment {
	a := assessment{base: event.RiskExecute, subject: classify.FormatCommand(program, argv), words: append([]string{program}, argv...)}
	if cwd == "" {
		cwd = "."
	}
	if cwd != "." {
		a.subject += "   (in " + cwd + ")"
	}
	if bad := badWords(a.words); bad != "" {
		a.denied = bad
		return a
	}
	j, cwdFinding, denied := e.cwdJudge(cwd)
	if denied != "" {
		a.denied = denied
		return a
	}
	if cwdFinding != nil {
		a.findings = append(a.findings, *cwdFinding)
	}
	cl := classify.Command(program, argv, j)
	if cl.Denied != "" {
		a.denied = cl.Denied
		return a
	}
	a.allow = cl.Reason
	a.findings = append(a.findings, cl.Findings...)
	for _, kv := range env {
		f, bad := classify.CheckEnvAddition(kv)
		if bad != "" {
			a.denied = bad
			return a
		}
		if f != nil {
			a.findings = append(a.findings, classify.Finding{Risk: f.Risk, Reason: f.Reason, At: -1})
		}
	}
	a.env = mergeEnv(e.env, env)
	return a
}

// badWords refuses an empty program and words a program cannot receive.
func badWords(words []string) string {
	if strings.TrimSpace(words[0]) == "" {
		return "the program is empty"
	}
	for i, w := range words {
		what := fmt.Sprintf("argument %d", i)
		if i == 0 {
			what = "the program"
		}
		switch {
		case strings.IndexByte(w, 0) >= 0:
			return what + " contains a NUL byte"
		case len(w) > maxArgBytes:
			return fmt.Sprintf("%s is %d bytes long, more than a program can receive (%d)", what, len(w), maxArgBytes)
		}
	}
	return ""
}

// cwdJudge resolves the call's cwd and returns the judge for its
// arguments, a finding when the cwd is outside the root, or a hard deny.
func (e *Engine) cwdJudge(cwd string) (*rootJudge, *classify.Finding, string) {
	loc, err := e.b.Locate(cwd, e.home)
	if err != nil {
		return nil, nil, "cwd: " + boundary.ReasonOf(err)
	}
	if e.protected(loc.Abs) {
		return nil, nil, "cwd " + loc.Abs + " is wtagent's own data, which the model may never touch"
	}
	if !loc.Inside {
		f := &classify.Finding{Risk: event.RiskSensitive, Reason: "runs in " + loc.Abs + ", outside the project root", At: -1, Path: loc.Abs}
		return &rootJudge{e: e, cwdAbs: loc.Abs}, f, ""
	}
	w, err := e.b.Probe(loc.Rel, false)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &rootJudge{e: e, cwdRel: loc.Rel, cwdAbs: loc.Abs}, nil, "" // the tool reports it
	case err != nil:
		return nil, nil, "cwd: " + boundary.ReasonOf(err)
	case !w.Info.IsDir():
		return nil, nil, "cwd " + loc.Rel + " is not a directory"
	}
	return &rootJudge{e: e, cwdRel: w.Rel, cwdAbs: e.b.Abs(w.Rel)}, nil, ""
}
