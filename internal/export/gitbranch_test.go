package export

import (
	"os"
	"path/filepath"
	"testing"
)

func TestGitBranch(t *testing.T) {
	write := func(path, data string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	repo := t.TempDir()
	write(filepath.Join(repo, ".git", "HEAD"), "ref: refs/heads/feature/x\n")
	os.MkdirAll(filepath.Join(repo, "sub", "dir"), 0o755)
	worktree := t.TempDir()
	write(filepath.Join(repo, ".git", "worktrees", "w", "HEAD"), "ref: refs/heads/w-branch\n")
	write(filepath.Join(worktree, ".git"), "gitdir: "+filepath.Join(repo, ".git", "worktrees", "w")+"\n")
	detached := t.TempDir()
	write(filepath.Join(detached, ".git", "HEAD"), "0123456789abcdef0123456789abcdef01234567\n")
	tests := []struct{ dir, want string }{
		{repo, "feature/x"},
		{filepath.Join(repo, "sub", "dir"), "feature/x"},
		{worktree, "w-branch"},
		{detached, ""},
		{t.TempDir(), ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := gitBranch(tt.dir); got != tt.want {
			t.Errorf("gitBranch(%s) = %q, want %q", tt.dir, got, tt.want)
		}
	}
}
