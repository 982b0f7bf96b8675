package policy

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
	case isEscape(err):
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

// OpenOutside opens an absolute path outside the project root that the
// user approved (Verdict.Subject of an allowed outside-root call). The
// open goes through an os.Root at the path's parent directory, so a final
// symbolic link may not lead out of that directory, and special files are
// refused as in OpenFile. Only call it for a call the engine allowed.
func OpenOutside(abs string, flag int, perm fs.FileMode) (*os.File, error) {
	if err := checkOutside(abs); err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(filepath.Dir(abs))
	if err != nil {
		return nil, fmt.Errorf("policy: open %s: %w", abs, err)
	}
	defer root.Close()
	f, err := root.OpenFile(filepath.Base(abs), flag|openNoBlock, perm)
	switch {
	case isEscape(err):
		return nil, pathErr(abs, ErrSymlinkEscape, "%s is a symbolic link that leaves %s; ask for its target directly", abs, filepath.Dir(abs))
	case errors.Is(err, syscall.ENXIO):
		return nil, pathErr(abs, ErrSpecialFile, "%s is a socket or a FIFO without a reader, not a regular file", abs)
	case err != nil:
		return nil, fmt.Errorf("policy: open %s: %w", abs, err)
	}
	if err := refuseSpecial(f, abs); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// OpenOutsideRoot opens an approved directory outside the project root as
// an os.Root, for fs.list and fs.search: the walk then cannot leave it.
func OpenOutsideRoot(abs string) (*os.Root, error) {
	if err := checkOutside(abs); err != nil {
		return nil, err
	}
	r, err := os.OpenRoot(abs)
	if err != nil {
		return nil, fmt.Errorf("policy: open %s: %w", abs, err)
	}
	return r, nil
}

func checkOutside(abs string) error {
	if err := checkText(abs); err != nil {
		return err
	}
	if !filepath.IsAbs(abs) || filepath.Clean(abs) != abs || filepath.Dir(abs) == abs {
		return pathErr(abs, ErrBadPath, "not a clean absolute path below /")
	}
	return nil
}

func refuseSpecial(f *os.File, name string) error {
	fi, err := f.Stat()
	if err != nil {
		return fmt.Errorf("policy: stat %s: %w", name, err)
	}
	if kind := specialKind(fi.Mode()); kind != "" {
		return pathErr(name, ErrSpecialFile, "%s is a %s, not a regular file or directory", name, kind)
	}
	return nil
}
