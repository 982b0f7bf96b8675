package tools

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"strings"
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// GitStatus is the git part of project.status.
type GitStatus struct {
	Branch string `json:"branch,omitempty"`
	// Dirty lists changed and untracked files as "XY path" (git's short
	// status codes), at most maxDirty of them.
	Dirty      []string `json:"dirty"`
	DirtyCount int      `json:"dirty_count"`
	// Error says why git information is missing (no git, not a repo).
	Error string `json:"error,omitempty"`
}

// StatusResult is project.status's Data.
type StatusResult struct {
	Root         string              `json:"root"`
	Git          GitStatus           `json:"git"`
	Processes    []event.ProcessInfo `json:"processes"`
	Verification *Verification       `json:"last_verification,omitempty"`
}

const maxDirty = 200

func projectStatus(ctx context.Context, c call) event.ToolResult {
	if c.d.Paths == nil {
		return errResult(ErrNoBoundary, nil)
	}
	res := StatusResult{Root: c.d.Paths.Dir(), Processes: []event.ProcessInfo{}}
	res.Git = gitStatus(ctx, c)
	if c.d.Processes != nil {
		if ps, err := c.d.Processes.List(ctx); err == nil {
			res.Processes = ps
		}
	}
	if c.d.Verification != nil {
		if v, ok := c.d.Verification(); ok {
			res.Verification = &v
		}
	}
	msg := res.Root
	if res.Git.Branch != "" {
		msg += " on " + res.Git.Branch
	}
	return okResult(msg, res)
}

// gitStatus runs `git status --porcelain=v1 -b -z` in the root.
func gitStatus(ctx context.Context, c call) GitStatus {
	g := GitStatus{Dirty: []string{}}
	git, err := exec.LookPath("git")
	if err != nil {
		g.Error = "git is not installed"
		return g
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	env, _ := mergeEnv(c.inv.Env, []string{"GIT_OPTIONAL_LOCKS=0", "LC_ALL=C"})
	cmd := exec.CommandContext(ctx, git, "-c", "core.quotepath=off", "status", "--porcelain=v1", "-b", "-z", "--untracked-files=normal")
	cmd.Dir = c.d.Paths.Dir()
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &limitedWriter{w: &stderr, n: 2048}
	out, err := cmd.Output()
	if err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) && strings.Contains(stderr.String(), "not a git repository") {
			g.Error = "not a git repository"
		} else {
			g.Error = strings.TrimSpace("git status failed: " + err.Error() + " " + stderr.String())
		}
		return g
	}
	entries := strings.Split(strings.TrimRight(string(out), "\x00"), "\x00")
	for i := 0; i < len(entries); i++ {
		e := entries[i]
		if strings.HasPrefix(e, "## ") {
			g.Branch = parseBranch(e[3:])
			continue
		}
		if len(e) < 4 {
			continue
		}
		if e[0] == 'R' || e[0] == 'C' { // renames carry the source path next
			i++
		}
		g.DirtyCount++
		if len(g.Dirty) < maxDirty {
			g.Dirty = append(g.Dirty, e)
		}
	}
	return g
}

// parseBranch reads "main...origin/main [ahead 1]" or "No commits yet on
// main" or "HEAD (no branch)".
func parseBranch(s string) string {
	if rest, ok := strings.CutPrefix(s, "No commits yet on "); ok {
		return rest
	}
	if i := strings.Index(s, "..."); i >= 0 {
		s = s[:i]
	}
	if i := strings.Index(s, " ["); i >= 0 {
		s = s[:i]
	}
	return s
}
