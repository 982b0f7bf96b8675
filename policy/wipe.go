package policy

import "path/filepath"

// A delete of the file-system root, of the home directory, or of the
// project root or a directory that contains it is a hard deny: no rule and
// no approvals mode (not even --approvals=allow) lets it run. The checks
// below find such deletes in rm and unlink operands, also inside shell
// scripts (sh -c) whose words are not all known, where "rm -rf /*" and
// rm -rf "$HOME" are taken as written.

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

// Wipes is the root judge's check: p (a WipeForm) is resolved from the
// call's cwd, "~" from the user's home, and symbolic links are followed
// where the path exists: the path as given and as resolved count, and so
// do the home and the root as given and as resolved.
func (j *rootJudge) Wipes(p string) string {
	cs := j.e.cs
	abs := cs.WipePath(p, j.cwdAbs, j.e.home)
	if abs == "" {
		return ""
	}
	return cs.WipeOf(withReal(abs), withReal(j.e.home), []string{j.e.b.Dir(), j.e.b.Given()})
}
