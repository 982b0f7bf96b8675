package toolactors

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// writeOutcome is what an atomic write did.
type writeOutcome struct {
	Created bool
	Mode    fs.FileMode
}

// writeAtomic replaces rel under root with data: it writes a temporary
// file in the same directory, fsyncs it, gives it the old file's mode (and
// owner, when allowed) or the default mode for a new file, renames it over
// the target and fsyncs the directory. A crash at any point leaves the old
// file or the new one, never a mix. Parent directories are created.
func writeAtomic(root *os.Root, rel string, data []byte, h *hooks) (writeOutcome, error) {
	var out writeOutcome
	dir := filepath.Dir(rel)
	if err := root.MkdirAll(dir, 0o755); err != nil {
		return out, fmt.Errorf("create parent directories: %w", err)
	}
	old, err := root.Lstat(rel)
	switch {
	case err == nil && old.Mode()&fs.ModeSymlink != 0:
		return out, fmt.Errorf("%s: %w; write to the file it points to instead", rel, ErrSymlink)
	case err == nil && old.IsDir():
		return out, fmt.Errorf("%s: %w", rel, ErrIsDir)
	case err == nil && !old.Mode().IsRegular():
		return out, fmt.Errorf("%s: not a regular file", rel)
	case err != nil && !isNotExist(err):
		return out, err
	}
	out.Created = err != nil
	tmp := filepath.Join(dir, "."+filepath.Base(rel)+".wtagent-"+randomHex(6)+".tmp")
	f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
	if err != nil {
		return out, fmt.Errorf("create temporary file: %w", err)
	}
	committed := false
	defer func() {
		if !committed {
			_ = f.Close()
			_ = root.Remove(tmp)
		}
	}()
	if _, err := f.Write(data); err != nil {
		return out, fmt.Errorf("write: %w", err)
	}
	if !out.Created {
		if err := f.Chmod(old.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)); err != nil {
			return out, fmt.Errorf("keep mode: %w", err)
		}
		keepOwner(f, old)
	}
	if err := f.Sync(); err != nil {
		return out, fmt.Errorf("fsync: %w", err)
	}
	st, err := f.Stat()
	if err != nil {
		return out, err
	}
	out.Mode = st.Mode().Perm()
	if err := f.Close(); err != nil {
		return out, fmt.Errorf("close: %w", err)
	}
	if h != nil && h.beforeRename != nil {
		h.beforeRename(tmp)
	}
	if err := root.Rename(tmp, rel); err != nil {
		return out, fmt.Errorf("rename into place: %w", err)
	}
	committed = true
	if err := syncDir(root, dir); err != nil {
		return out, fmt.Errorf("fsync directory: %w", err)
	}
	return out, nil
}

// keepOwner gives f the old file's owner; only root may, so failure is
// ignored.
func keepOwner(f *os.File, old fs.FileInfo) {
	st, ok := old.Sys().(*syscall.Stat_t)
	if !ok {
		return
	}
	if int(st.Uid) != os.Geteuid() || int(st.Gid) != os.Getegid() {
		_ = f.Chown(int(st.Uid), int(st.Gid))
	}
}

// syncDir fsyncs a directory so a rename in it is durable.
func syncDir(root *os.Root, dir string) error {
	d, err := root.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) {
		return err
	}
	return nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
