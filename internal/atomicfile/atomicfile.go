// Package atomicfile replaces a file by path atomically: readers see the
// old content or the new, never a mix, and a crash leaves one of the two.
// It is wtagent's one atomic write: WriteFile by path (on renameio), and
// InRoot for writes confined to an os.Root (project files, session files,
// undo).
package atomicfile

import (
	"os"
	"path/filepath"

	"github.com/google/renameio/v2"
)

// WriteFile replaces path with data through a temporary file in the same
// directory, fsynced and renamed over path; the directory is fsynced after
// (best effort: not every system can). The file gets exactly perm, whatever
// the umask and the mode of the file it replaces.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	dir := filepath.Dir(path)
	t, err := renameio.NewPendingFile(path, renameio.WithTempDir(dir), renameio.WithPermissions(perm), renameio.IgnoreUmask())
	if err != nil {
		return err
	}
	defer t.Cleanup()
	if _, err := t.Write(data); err != nil {
		return err
	}
	if err := t.CloseAtomicallyReplace(); err != nil {
		return err
	}
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
	return nil
}
