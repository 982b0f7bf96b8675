//go:build !unix

package atomicfile

import "os"

// syncDir does nothing where a directory cannot be fsynced: on Windows a
// directory handle cannot be flushed (FlushFileBuffers needs write access
// to it), and NTFS journals the rename itself.
func syncDir(*os.Root, string) error { return nil }
