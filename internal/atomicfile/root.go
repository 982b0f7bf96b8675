package atomicfile

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// InRoot is the atomic write confined to an os.Root: the temporary file,
// the rename and the directory fsync all go through Root, so a symlink or
// a ".." can never lead them outside it. The zero value of every field but
// Root is a plain write.
type InRoot struct {
	Root *os.Root
	// Perm is the file's mode, set exactly (the umask does not apply; the
	// setuid, setgid and sticky bits are kept). Zero creates the file with
	// 0666 less the umask, like os.Create.
	Perm fs.FileMode
	// Owner, when set, is a file whose owner and group the new file takes;
	// only a privileged process may give a file away, so a refusal is
	// ignored.
	Owner fs.FileInfo
	// TempPattern names the temporary file in name's directory, as in
	// os.CreateTemp: its last "*" becomes a random string (cleaners
	// recognise the rest). Empty is "."+base(name)+".tmp-*".
	TempPattern string
	// Synced, if set, is told of each fsync: the temporary file's name,
	// then the directory's.
	Synced func(name string)
	// BeforeRename, if set, runs once the temporary file is complete and
	// synced, just before the rename; its error aborts the write.
	BeforeRename func(tmp string) error
}

// WriteFile replaces name under w.Root with data: a temporary file in the
// same directory is written, given its mode (and owner), fsynced and
// renamed over name, then the directory is fsynced. Readers see the old
// content or the new, never a mix, and a crash leaves one of the two (and
// at worst a temporary file). It returns the new file's information.
// name's directory must exist.
func (w InRoot) WriteFile(name string, data []byte) (fs.FileInfo, error) {
	tmp := w.tempName(name)
	perm := w.Perm
	if perm == 0 {
		perm = 0o666
	}
	f, err := w.Root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm&fs.ModePerm)
	if err != nil {
		return nil, fmt.Errorf("create temporary file: %w", err)
	}
	done := false
	defer func() {
		if !done {
			_ = f.Close()
			_ = w.Root.Remove(tmp)
		}
	}()
	if _, err := f.Write(data); err != nil {
		return nil, fmt.Errorf("write: %w", err)
	}
	if w.Perm != 0 {
		if err := f.Chmod(w.Perm); err != nil {
			return nil, fmt.Errorf("set mode: %w", err)
		}
	}
	if w.Owner != nil {
		giveOwner(f, w.Owner)
	}
	if err := f.Sync(); err != nil {
		return nil, fmt.Errorf("fsync: %w", err)
	}
	w.synced(tmp)
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if err := f.Close(); err != nil {
		return nil, fmt.Errorf("close: %w", err)
	}
	if w.BeforeRename != nil {
		if err := w.BeforeRename(tmp); err != nil {
			return nil, err
		}
	}
	if err := w.Root.Rename(tmp, name); err != nil {
		return nil, fmt.Errorf("rename into place: %w", err)
	}
	done = true
	dir := filepath.Dir(name)
	if err := syncDir(w.Root, dir); err != nil {
		return nil, fmt.Errorf("fsync directory: %w", err)
	}
	w.synced(dir)
	return fi, nil
}

func (w InRoot) tempName(name string) string {
	pattern := w.TempPattern
	if pattern == "" {
		pattern = "." + filepath.Base(name) + ".tmp-*"
	}
	rnd := randomHex(6)
	if i := strings.LastIndexByte(pattern, '*'); i >= 0 {
		pattern = pattern[:i] + rnd + pattern[i+1:]
	} else {
		pattern += rnd
	}
	return filepath.Join(filepath.Dir(name), pattern)
}

func (w InRoot) synced(name string) {
	if w.Synced != nil {
		w.Synced(name)
	}
}

// randomHex returns n random bytes in hex, for temporary names.
func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
