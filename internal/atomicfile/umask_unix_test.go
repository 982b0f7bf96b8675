//go:build unix

package atomicfile

import (
	"os"
	"syscall"
)

// umask reads the process's umask (setting it back at once).
func umask() os.FileMode {
	m := syscall.Umask(0)
	syscall.Umask(m)
	return os.FileMode(m)
}
