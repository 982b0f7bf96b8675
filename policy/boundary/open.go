package boundary

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// OpenFile opens a root-relative path through the root (openat: a link
// swapped in after a check cannot lead outside) and refuses, without
// blocking on them, devices, FIFOs and sockets: the open is non-blocking
// and the type is checked on the open descriptor, not on the name.
func (b *Boundary) OpenFile(rel string, flag int, perm fs.FileMode) (*os.File, error) {
	if rel != "." && !filepath.IsLocal(rel) {
		return nil, pathErr(rel, ErrBadPath, "not a root-relative path")
	}
	f, err := b.root.OpenFile(rel, flag|openNoBlock, perm)
	switch {
	case IsEscape(err):
		return nil, pathErr(rel, ErrSymlinkEscape, "%s leads outside the project root through a symbolic link", rel)
	case errors.Is(err, syscall.ENXIO):
		return nil, pathErr(rel, ErrSpecialFile, "%s is a socket or a FIFO without a reader, not a regular file", rel)
	case err != nil:
		return nil, fmt.Errorf("policy: open %s: %w", rel, err)
	}
	if err := refuseSpecial(f, rel); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// Open opens a root-relative path for reading; see OpenFile.
func (b *Boundary) Open(rel string) (*os.File, error) {
	return b.OpenFile(rel, os.O_RDONLY, 0)
}

func refuseSpecial(f *os.File, name string) error {
	fi, err := f.Stat()
	if err != nil {
		return fmt.Errorf("policy: stat %s: %w", name, err)
	}
	if kind := SpecialKind(fi.Mode()); kind != "" {
		return pathErr(name, ErrSpecialFile, "%s is a %s, not a regular file or directory", name, kind)
	}
	return nil
}
