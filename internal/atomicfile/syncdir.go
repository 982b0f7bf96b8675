package atomicfile

import "os"

// SyncDir fsyncs the directory dir under root, so that the renames,
// creations and removals made in it survive a crash (it does nothing
// where a directory cannot be fsynced, as on Windows).
func SyncDir(root *os.Root, dir string) error { return syncDir(root, dir) }
