package checkpoint

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"github.com/wtagent/wtagent/internal/atomicfile"
)

const filesDirName = "files"

// maxSnapshotFile is the largest file a file store keeps; larger ones are
// left out of snapshots (and so out of diff and undo).
const maxSnapshotFile = 32 << 20

// skipDirs are directories a file store never descends into: version
// control data and dependency caches a command rebuilds.
var skipDirs = map[string]bool{".git": true, ".hg": true, ".svn": true, "node_modules": true}

// fileStore keeps snapshots as manifests of content-addressed blobs:
// objects/<sha256> holds each distinct content once, manifests/<id>.json
// one snapshot (its id is the hash of the manifest).
type fileStore struct {
	dir, root string
	mu        sync.Mutex
	// seen caches the hash of files by size and modification time.
	seen map[string]seenFile
	// synced, if set, is told of each fsync (atomicfile.InRoot.Synced):
	// tests see that a stored file and its directory reached the disk.
	synced func(name string)
}

type seenFile struct {
	size  int64
	mtime int64
	hash  string
}

func openFiles(dir, root string) (*fileStore, error) {
	s := &fileStore{dir: filepath.Join(dir, filesDirName), root: root, seen: map[string]seenFile{}}
	for _, d := range []string{"objects", "manifests"} {
		if err := os.MkdirAll(filepath.Join(s.dir, d), 0o700); err != nil {
			return nil, fmt.Errorf("checkpoint: %w", err)
		}
	}
	return s, nil
}

func (s *fileStore) Kind() string { return "files" }

// Hash is SHA-256.
func (s *fileStore) Hash(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// Take walks the project and stores every file not yet stored.
func (s *fileStore) Take(ctx context.Context) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := Manifest{}
	err := filepath.WalkDir(s.root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if path == s.root {
				return err
			}
			return nil // unreadable: left out
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if d.IsDir() {
			if path != s.root && skipDirs[d.Name()] {
				return filepath.SkipDir
			}
			return nil
		}
		rel, err := filepath.Rel(s.root, path)
		if err != nil {
			return nil
		}
		e, ok, err := s.store(path, d)
		if err != nil {
			return err
		}
		if ok {
			m[filepath.ToSlash(rel)] = e
		}
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("checkpoint: snapshot %s: %w", s.root, err)
	}
	data, err := json.Marshal(m)
	if err != nil {
		return "", err
	}
	id := s.Hash(data)
	if err := s.put(filepath.Join(s.dir, "manifests", id+".json"), data); err != nil {
		return "", err
	}
	return id, nil
}

// store keeps one file's content and returns its entry; ok is false for
// what a snapshot leaves out (devices, sockets, very large files).
func (s *fileStore) store(path string, d fs.DirEntry) (Entry, bool, error) {
	fi, err := d.Info()
	if err != nil {
		return Entry{}, false, nil
	}
	var data []byte
	kind := KindFile
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		target, err := os.Readlink(path)
		if err != nil {
			return Entry{}, false, nil
		}
		data, kind = []byte(target), KindLink
	case fi.Mode().IsRegular():
		if fi.Size() > maxSnapshotFile {
			return Entry{}, false, nil
		}
		if fi.Mode()&0o111 != 0 {
			kind = KindExec
		}
		if c, ok := s.seen[path]; ok && c.size == fi.Size() && c.mtime == fi.ModTime().UnixNano() {
			return Entry{Hash: c.hash, Kind: kind}, true, nil
		}
		if data, err = os.ReadFile(path); err != nil {
			return Entry{}, false, nil
		}
	default:
		return Entry{}, false, nil
	}
	h := s.Hash(data)
	obj := filepath.Join(s.dir, "objects", h)
	if _, err := os.Stat(obj); errors.Is(err, fs.ErrNotExist) {
		if err := s.put(obj, data); err != nil {
			return Entry{}, false, err
		}
	}
	if kind != KindLink {
		s.seen[path] = seenFile{size: fi.Size(), mtime: fi.ModTime().UnixNano(), hash: h}
	}
	return Entry{Hash: h, Kind: kind}, true, nil
}

// put writes a content-addressed file durably (atomicfile.InRoot): a
// temporary file, fsynced, renamed into place, then its directory
// fsynced. The event log names snapshots by id once Take returns, so a
// crash must not leave a named object or manifest empty or missing; and
// as put keeps a file that exists, a torn one would stay for good.
func (s *fileStore) put(path string, data []byte) error {
	if _, err := os.Stat(path); err == nil {
		return nil
	}
	root, err := os.OpenRoot(filepath.Dir(path))
	if err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	defer root.Close()
	w := atomicfile.InRoot{Root: root, Perm: 0o600, TempPattern: ".tmp-*", Synced: s.synced}
	if _, err := w.WriteFile(filepath.Base(path), data); err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	return nil
}

// Manifest reads a stored manifest.
func (s *fileStore) Manifest(_ context.Context, id string) (Manifest, error) {
	if !isHex(id) {
		return nil, fmt.Errorf("%w: %q", ErrNoSnapshot, id)
	}
	data, err := os.ReadFile(filepath.Join(s.dir, "manifests", id+".json"))
	if err != nil {
		return nil, fmt.Errorf("%w %s: %w", ErrNoSnapshot, id, err)
	}
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("checkpoint: manifest %s: %w", id, err)
	}
	return m, nil
}

// Blob reads a stored content.
func (s *fileStore) Blob(_ context.Context, hash string) ([]byte, error) {
	if !isHex(hash) {
		return nil, fmt.Errorf("checkpoint: bad hash %q", hash)
	}
	return os.ReadFile(filepath.Join(s.dir, "objects", hash))
}

func isHex(s string) bool {
	_, err := hex.DecodeString(s)
	return err == nil && s != ""
}
