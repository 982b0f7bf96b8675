package policy

import (
	"bytes"
	"context"
	"io"
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

// maxScriptBytes bounds the script files judged like inline code.
const maxScriptBytes = 256 << 10

// Script returns the code of a script file inside the root that git does
// not hold committed and unchanged (untracked, modified, ignored, or no
// repository): code the model may have written, judged like inline code.
func (j *rootJudge) Script(p string) (string, bool) {
	s := j.locate(p)
	if !s.inside || s.w.Info == nil || !s.w.Info.Mode().IsRegular() || s.w.Info.Size() > maxScriptBytes {
		return "", false
	}
	if committedUnchanged(j.e.b.Dir(), s.rel) {
		return "", false
	}
	f, err := j.e.b.Open(s.rel)
	if err != nil {
		return "", false
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxScriptBytes))
	if err != nil {
		return "", false
	}
	return string(b), true
}

// committedUnchanged reports whether git holds rel (relative to dir)
// committed and unchanged.
func committedUnchanged(dir, rel string) bool {
	out, err := gitStatus(dir, "--untracked-files=all", "--ignored=matching", "--", rel)
	return err == nil && len(bytes.TrimSpace(out)) == 0
}

// gitStatus runs git status --porcelain=v1 -z in dir with args, without
// the file-system monitor or optional locks.
func gitStatus(dir string, args ...string) ([]byte, error) {
	git, err := osexec.LookPath("git")
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), gitStatusTimeout)
	defer cancel()
	cmd := osexec.CommandContext(ctx, git, append([]string{"--no-optional-locks", "-c", "core.fsmonitor=false", "-c", "core.untrackedCache=false",
		"status", "--porcelain=v1", "-z"}, args...)...)
	cmd.Dir = dir
	return cmd.Output()
}

func countUncommitted(dir string) int {
	out, err := gitStatus(dir, "--untracked-files=no", "--ignore-submodules")
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
