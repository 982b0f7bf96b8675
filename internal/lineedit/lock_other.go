//go:build !(linux || android || darwin || ios || freebsd || netbsd || openbsd || dragonfly)

package lineedit

import "os"

// closeBeforeRename is true: Windows cannot rename over an open file.
const closeBeforeRename = true

// lockFile is a no-op where flock is not available; concurrent processes
// may then lose an entry added while another compacts the file.
func lockFile(*os.File) (unlock func(), err error) { return func() {}, nil }
