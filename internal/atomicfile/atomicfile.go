// Package atomicfile replaces a file by path atomically: readers see the
// old content or the new, never a mix, and a crash leaves one of the two.
// It is wtagent's one atomic write: WriteFile by path, and
// InRoot for writes confined to an os.Root (project files, session files,
// undo).
package atomicfile

import (
	"os"
	"path/filepath"
)

// WriteFile replaces path with data through a temporary file in the same
// directory, fsynced and renamed over path, then fsyncs the directory
// (where the system can): InRoot on path's directory. The file gets
// exactly perm, whatever the umask and the mode of the file it replaces
// (on Windows only the read-only bit has a meaning).
func WriteFile(path string, data []byte, perm os.FileMode) error {
	root, err := os.OpenRoot(filepath.Dir(path))
	if err != nil {
		return err
	}
	defer root.Close()
	_, err = InRoot{Root: root, Perm: perm}.WriteFile(filepath.Base(path), data)
	return err
}
