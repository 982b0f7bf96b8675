package policy

import (
	"path/filepath"

	"github.com/wtagent/wtagent/policy/classify"
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

// wipes is the root judge's check: p (a WipeForm) is resolved from the
// call's cwd, "~" from the user's home, and symbolic links are followed
// where the path exists: the path as given and as resolved count, and so
// do the home and the root as given and as resolved.
func (j *rootJudge) wipes(p string) string {
	cs := j.e.cs
	abs := cs.WipePath(p, j.cwdAbs, j.e.home)
	if abs == "" {
		return ""
	}
	return cs.WipeOf(withReal(abs), withReal(j.e.home), []string{j.e.b.Dir(), j.e.b.Given()})
}

// denyWipes hard-denies the command when an operand in ops is a wipe.
func (c *classifier) denyWipes(prog string, ops []int) {
	for _, i := range ops {
		if what := c.judge.wipes(c.judge.cases().WipeForm(c.words[i])); what != "" {
			c.deny(wipeDeny(prog, what))
			return
		}
	}
}

// scriptDenies applies the command table's hard denies to the commands of
// a script that is not plain, taking its words as written: such a script
// asks for approval, which --approvals=allow would give.
func (c *classifier) scriptDenies(s *classify.Script) {
	cmds := make([][]string, 0, len(s.Commands))
	for _, cmd := range s.Commands {
		cmds = append(cmds, cmd.Args)
	}
	c.commandDenies(cmds)
}

// commandDenies applies the command table's hard denies to each of cmds
// (a script's commands, as words).
func (c *classifier) commandDenies(cmds [][]string) {
	for _, words := range cmds {
		if len(words) == 0 {
			continue
		}
		sub := &classifier{words: words, judge: c.judge, depth: c.depth}
		sub.skip = make([]bool, len(words))
		sub.unwrap(0, false)
		if sub.denied != "" {
			c.deny(sub.denied)
			return
		}
	}
}
