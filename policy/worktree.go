package policy

import (
	"bytes"
	"context"
	osexec "os/exec"
	"time"
)

// gitStatusTimeout bounds the git status a branch switch is judged by.
const gitStatusTimeout = 3 * time.Second

// Uncommitted counts the tracked files with uncommitted changes in the
// work tree of the call's cwd (git status), once per call; -1 when git
// cannot tell (no repository, no git). Git runs without the file-system
// monitor, optional locks or untracked-file scan.
func (j *rootJudge) Uncommitted() int {
	if j.uncommitted != nil {
		return *j.uncommitted
	}
	n := countUncommitted(j.cwdAbs)
	j.uncommitted = &n
	return n
}

func countUncommitted(dir string) int {
	git, err := osexec.LookPath("git")
	if err != nil {
		return -1
	}
	ctx, cancel := context.WithTimeout(context.Background(), gitStatusTimeout)
	defer cancel()
	cmd := osexec.CommandContext(ctx, git, "--no-optional-locks", "-c", "core.fsmonitor=false", "-c", "core.untrackedCache=false",
		"status", "--porcelain=v1", "-z", "--untracked-files=no", "--ignore-submodules")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return -1
	}
	n := 0
	entries := bytes.Split(bytes.TrimSuffix(out, []byte{0}), []byte{0})
	for i := 0; i < len(entries); i++ {
		if e := entries[i]; len(e) > 3 {
			n++
			if bytes.ContainsAny(e[:2], "RC") {
				i++ // a rename's or copy's source is the next entry
			}
		}
	}
	return n
}
