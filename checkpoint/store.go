package checkpoint

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
)

// Entry is one file of a snapshot: its content hash in the store's scheme
// and its kind (a regular file, an executable or a symbolic link).
type Entry struct {
	Hash string `json:"hash"`
	Kind Kind   `json:"kind"`
}

// Kind is what a snapshot entry is.
type Kind string

// The kinds of entry.
const (
	KindFile Kind = "file"
	KindExec Kind = "exec"
	KindLink Kind = "symlink"
)

// Manifest maps a slash-separated path relative to the project root to its
// entry.
type Manifest map[string]Entry

// Paths returns the manifest's paths, sorted.
func (m Manifest) Paths() []string {
	out := make([]string, 0, len(m))
	for p := range m {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// Store keeps snapshots of one project.
type Store interface {
	// Kind names the store ("git" or "files").
	Kind() string
	// Take snapshots the project now and returns the snapshot's id.
	Take(ctx context.Context) (string, error)
	// Manifest lists the files of a snapshot.
	Manifest(ctx context.Context, id string) (Manifest, error)
	// Blob returns the content with the given hash (a link's target for a
	// symbolic link).
	Blob(ctx context.Context, hash string) ([]byte, error)
	// Hash hashes content in the store's scheme.
	Hash(data []byte) string
}

// ErrNoSnapshot is returned for an id the store does not hold.
var ErrNoSnapshot = errors.New("checkpoint: no such snapshot")

// StoreDir is the directory under a session directory that holds its
// snapshots.
const StoreDir = "checkpoints"

// Open opens (creating it if needed) the snapshot store of a session for
// the project at root: a ghost-commit store when root is inside a git work
// tree and git is installed, a content-addressed file store otherwise. An
// existing store keeps its kind.
func Open(sessionDir, root string) (Store, error) {
	dir := filepath.Join(sessionDir, StoreDir)
	if fi, err := os.Stat(filepath.Join(dir, gitDirName)); err == nil && fi.IsDir() {
		return openGit(dir, root)
	}
	if fi, err := os.Stat(filepath.Join(dir, filesDirName)); err == nil && fi.IsDir() {
		return openFiles(dir, root)
	}
	if inGitWorkTree(root) {
		return openGit(dir, root)
	}
	return openFiles(dir, root)
}

// inGitWorkTree reports whether root is in a git work tree and git can be
// run.
func inGitWorkTree(root string) bool {
	if _, err := exec.LookPath("git"); err != nil {
		return false
	}
	for d := root; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return true
		} else if !errors.Is(err, fs.ErrNotExist) {
			return false
		}
		up := filepath.Dir(d)
		if up == d {
			return false
		}
		d = up
	}
}
