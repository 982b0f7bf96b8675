//go:build unix

package atomicfile

import (
	"errors"
	"os"
	"syscall"
)

// syncDir fsyncs a directory under root so a rename in it is durable;
// systems that cannot fsync a directory (EINVAL) are let be.
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
