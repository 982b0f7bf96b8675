//go:build !unix

package session

import "os"

// noFollow is zero where the platform has no O_NOFOLLOW; symlinks are still
// refused by the Lstat check before each open and by os.Root.
const noFollow = 0

// syncDir is a no-op where directories cannot be fsynced (Windows): NTFS
// journals the rename itself.
func syncDir(*os.File) error { return nil }
