package policy

import (
	"path/filepath"
	"strings"
)

// A delete of the file-system root, of the home directory, or of the
// project root or a directory that contains it is a hard deny: no rule and
// no approvals mode (not even --approvals=allow) lets it run. The checks
// below find such deletes in rm and unlink operands, also inside shell
// scripts (sh -c) whose words are not all known, where "rm -rf /*" and
// rm -rf "$HOME" are taken as written.

// wipeDeny is the reason given to the model for a hard-denied delete.
func wipeDeny(prog, what string) string {
	return prog + " would delete " + what + "; wtagent never runs that, whatever the approvals mode"
}

// wipeForm maps a delete operand to the directory whose whole content it
// removes, the way a shell would expand it: quotes are dropped, "$HOME"
// and "${HOME}" stand for "~", "$PWD", "${PWD}", "$(pwd)" and "`pwd`" for
// ".", and trailing "/*" and "/.*" globs for their directory ("/*" is "/",
// "~/*" is "~"). Other expansions (variables set in the script, loops, a
// cd before the delete) are not followed: a script with them asks.
func wipeForm(w string) string {
	w = strings.NewReplacer(`"`, "", `'`, "").Replace(w)
	for _, v := range [...]struct{ from, to string }{{"${HOME}", "~"}, {"$HOME", "~"},
		{"${PWD}", "."}, {"$PWD", "."}, {"$(pwd)", "."}, {"`pwd`", "."}} {
		if rest, ok := strings.CutPrefix(w, v.from); ok && (rest == "" || rest[0] == '/') {
			w = v.to + rest
		}
	}
	for {
		t := strings.TrimSuffix(strings.TrimSuffix(w, "/*"), "/.*")
		if t == w {
			break
		}
		if w = t; w == "" {
			w = "/"
		}
	}
	return w
}

// wipes reports what deleting the absolute path abs would destroy when it
// is the file-system root, the home directory, or the project root or a
// directory above it; "" otherwise. Symbolic links are followed where the
// path exists, and both the root as given and as resolved count.
func wipes(abs, home string, roots ...string) string {
	paths := withReal(filepath.Clean(abs))
	homes := withReal(home)
	for _, p := range paths {
		if filepath.Dir(p) == p {
			return "the whole file system (" + p + ")"
		}
		for _, h := range homes {
			if h != "" && hostPathCase().same(p, h) {
				return "your home directory (" + p + ")"
			}
		}
		for _, r := range roots {
			switch {
			case r == "":
			case hostPathCase().same(p, r):
				return "the project root (" + p + ")"
			case under(r, p):
				return p + ", which contains the project root"
			}
		}
	}
	return ""
}

// withReal returns p and, when it differs, its resolved path.
func withReal(p string) []string {
	if p == "" {
		return nil
	}
	out := []string{p}
	if real, err := filepath.EvalSymlinks(p); err == nil && real != p {
		out = append(out, real)
	}
	return out
}

// wipes is the root judge's check: p (a wipeForm) is resolved from the
// call's cwd, "~" from the user's home.
func (j *rootJudge) wipes(p string) string {
	var abs string
	switch {
	case homePath(p):
		if j.e.home == "" {
			return ""
		}
		abs = filepath.Join(j.e.home, p[1:])
	case strings.HasPrefix(p, "~"):
		return "" // ~user: another user's home is not the user's to lose, and rm is refused outside the root anyway
	case filepath.IsAbs(p):
		abs = p
	default:
		abs = filepath.Join(j.cwdAbs, p)
	}
	return wipes(abs, j.e.home, j.e.b.dir, j.e.b.given)
}

// denyWipes hard-denies the command when an operand in ops is a wipe.
func (c *classifier) denyWipes(prog string, ops []int) {
	for _, i := range ops {
		if what := c.judge.wipes(wipeForm(c.words[i])); what != "" {
			c.deny(wipeDeny(prog, what))
			return
		}
	}
}

// scriptDenies applies the command table's hard denies to the commands of
// a script that is not plain, taking its words as written: such a script
// asks for approval, which --approvals=allow would give.
func (c *classifier) scriptDenies(s *Script) {
	for _, cmd := range s.Commands {
		if len(cmd.Args) == 0 {
			continue
		}
		sub := &classifier{words: cmd.Args, judge: c.judge, depth: c.depth}
		sub.skip = make([]bool, len(cmd.Args))
		sub.unwrap(0, false)
		if sub.denied != "" {
			c.deny(sub.denied)
			return
		}
	}
}
