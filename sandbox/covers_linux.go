package sandbox

import (
	"path/filepath"
	"slices"
)

// covers are the read-only covers a program's init makes now: the plan's
// that still exist, and the project's .git/hooks and .git/config when
// they exist now (a repository made after the session started, by
// `git init` in a command, gets them too). A spare prepared with other
// covers is not used (see spareKey).
func (s *Sandbox) covers() []string {
	var out []string
	for _, p := range s.plan.readOnly {
		if exists(p) {
			out = append(out, p)
		}
	}
	if root := clean(s.spec.Root); s.spec.Mode == WorkspaceWrite && root != "" {
		for _, g := range []string{".git/hooks", ".git/config"} {
			if g := filepath.Join(root, g); !slices.Contains(out, g) && exists(g) {
				out = append(out, g)
			}
		}
	}
	return out
}
