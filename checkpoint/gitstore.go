package checkpoint

import (
	"bytes"
	"context"
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
)

const (
	gitDirName   = "git"
	gitIndexName = "git-index"
)

// gitStore keeps snapshots as ghost commits in a bare repository of its
// own. git is always run with GIT_DIR, GIT_WORK_TREE and GIT_INDEX_FILE
// set to the store's, so the user's repository is only ever read through
// the work tree's files (and its .gitignore rules).
type gitStore struct {
	dir, root string
	mu        sync.Mutex
	// head is the last ghost commit, the parent of the next.
	head string
}

func openGit(dir, root string) (*gitStore, error) {
	s := &gitStore{dir: dir, root: root}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("checkpoint: %w", err)
	}
	if _, err := os.Stat(filepath.Join(s.gitDir(), "HEAD")); err != nil {
		cmd := exec.Command("git", "init", "--bare", "--quiet", s.gitDir())
		cmd.Env = withoutGit(os.Environ())
		if out, err := cmd.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("checkpoint: git init: %w: %s", err, strings.TrimSpace(string(out)))
		}
	}
	return s, nil
}

func (s *gitStore) gitDir() string { return filepath.Join(s.dir, gitDirName) }

func (s *gitStore) Kind() string { return "git" }

// env is the environment git runs in: the user's minus every GIT_*
// variable, plus the store's own repository, work tree and index.
func (s *gitStore) env() []string {
	return append(withoutGit(os.Environ()), "GIT_DIR="+s.gitDir(), "GIT_WORK_TREE="+s.root,
		"GIT_INDEX_FILE="+filepath.Join(s.dir, gitIndexName),
		"GIT_AUTHOR_NAME=wtagent", "GIT_AUTHOR_EMAIL=wtagent@localhost",
		"GIT_COMMITTER_NAME=wtagent", "GIT_COMMITTER_EMAIL=wtagent@localhost",
		"GIT_CONFIG_NOSYSTEM=1", "GIT_TERMINAL_PROMPT=0")
}

// git runs a git command in the store and returns its standard output.
func (s *gitStore) git(ctx context.Context, stdin []byte, args ...string) ([]byte, error) {
	// core.fsync: the objects and refs of a ghost commit are on disk
	// before its id goes into the event log (git's default leaves loose
	// objects unsynced); the batch method flushes once per command, not
	// once per object.
	base := []string{"-c", "core.autocrlf=false", "-c", "core.safecrlf=false", "-c", "core.fsmonitor=false",
		"-c", "gc.auto=0", "-c", "core.hooksPath=/dev/null",
		"-c", "core.fsync=committed", "-c", "core.fsyncMethod=batch"}
	cmd := exec.CommandContext(ctx, "git", append(base, args...)...)
	cmd.Dir = s.root
	cmd.Env = s.env()
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("checkpoint: git %s: %w: %s", args[0], err, strings.TrimSpace(errb.String()))
	}
	return out.Bytes(), nil
}

// Take stages the whole work tree into the store's own index and commits
// it as a ghost commit.
func (s *gitStore) Take(ctx context.Context) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := s.git(ctx, nil, "add", "--all", "."); err != nil {
		return "", err
	}
	tree, err := s.git(ctx, nil, "write-tree")
	if err != nil {
		return "", err
	}
	args := []string{"commit-tree", strings.TrimSpace(string(tree)), "-m", "wtagent checkpoint"}
	if s.head != "" {
		args = append(args, "-p", s.head)
	}
	commit, err := s.git(ctx, nil, args...)
	if err != nil {
		return "", err
	}
	id := strings.TrimSpace(string(commit))
	// A ref in the store's own repository keeps the commit from ever
	// being pruned.
	if _, err := s.git(ctx, nil, "update-ref", "refs/checkpoints/"+id, id); err != nil {
		return "", err
	}
	s.head = id
	return id, nil
}

// Manifest lists the files of a ghost commit.
func (s *gitStore) Manifest(ctx context.Context, id string) (Manifest, error) {
	out, err := s.git(ctx, nil, "ls-tree", "-r", "-z", "--full-tree", id)
	if err != nil {
		return nil, fmt.Errorf("%w %s: %w", ErrNoSnapshot, id, err)
	}
	m := Manifest{}
	for _, rec := range bytes.Split(out, []byte{0}) {
		meta, path, ok := bytes.Cut(rec, []byte{'\t'})
		if !ok {
			continue
		}
		f := strings.Fields(string(meta))
		if len(f) != 3 || f[1] != "blob" {
			continue // a submodule's commit
		}
		kind := KindFile
		switch f[0] {
		case "100755":
			kind = KindExec
		case "120000":
			kind = KindLink
		}
		m[string(path)] = Entry{Hash: f[2], Kind: kind}
	}
	return m, nil
}

// Blob reads a blob of the store.
func (s *gitStore) Blob(ctx context.Context, hash string) ([]byte, error) {
	return s.git(ctx, nil, "cat-file", "blob", hash)
}

// Hash is git's blob hash.
func (s *gitStore) Hash(data []byte) string {
	h := sha1.New()
	fmt.Fprintf(h, "blob %d\x00", len(data))
	h.Write(data)
	return hex.EncodeToString(h.Sum(nil))
}

// withoutGit drops every GIT_* variable from env.
func withoutGit(env []string) []string {
	var out []string
	for _, kv := range env {
		if !strings.HasPrefix(kv, "GIT_") {
			out = append(out, kv)
		}
	}
	return out
}
