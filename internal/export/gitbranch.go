package export

import (
	"os"
	"path/filepath"
	"strings"
)

// gitBranch is the branch checked out in the repository that holds dir
// (read from .git/HEAD, following a worktree's gitdir file), or "" when
// there is none or HEAD is detached.
func gitBranch(dir string) string {
	if dir == "" {
		return ""
	}
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if head := headOf(filepath.Join(d, ".git")); head != "" {
			ref, ok := strings.CutPrefix(head, "ref: refs/heads/")
			if !ok {
				return ""
			}
			return ref
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// headOf reads HEAD of a .git directory or of the gitdir a .git file
// names; "" when there is none.
func headOf(dotGit string) string {
	fi, err := os.Stat(dotGit)
	if err != nil {
		return ""
	}
	gitDir := dotGit
	if !fi.IsDir() {
		b, err := os.ReadFile(dotGit)
		if err != nil {
			return ""
		}
		p, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir: ")
		if !ok {
			return ""
		}
		if !filepath.IsAbs(p) {
			p = filepath.Join(filepath.Dir(dotGit), p)
		}
		gitDir = p
	}
	b, err := os.ReadFile(filepath.Join(gitDir, "HEAD"))
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}
