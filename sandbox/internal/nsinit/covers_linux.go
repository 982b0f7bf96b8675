package nsinit

import (
	"errors"
	"syscall"
	"unsafe"
)

// SpareSupported says whether spares can run here: a spare checks its
// covers with statx, whose number this package knows on amd64, arm64,
// riscv64 and loong64 only.
const SpareSupported = sysStatx != 0

// errCover is a cover that no longer holds where its path now leads.
var errCover = errors.New("cover")

// statx(2) constants.
const (
	atFDCwd            = -100
	statxBasicStats    = 0x7ff
	statxAttrMountRoot = 0x2000
	stRdonly           = 0x1
)

// checkCovers reports whether each read-only cover and each mask that
// exists is, where its path leads now, the root of a read-only mount in
// this namespace. A spare made its mounts ahead of need; a program
// started since (or the user) may have replaced a covered path (moved
// .git away and made a new .git/hooks): the mount then covers the moved
// one, and the new path is open.
func checkCovers(readOnly, masks []string) error {
	if !SpareSupported {
		return wrap("statx is not known on this architecture", errCover)
	}
	for _, p := range readOnly {
		if err := coverHolds(p, true); err != nil {
			return err
		}
	}
	for _, p := range masks {
		if err := coverHolds(p, false); err != nil {
			return err
		}
	}
	return nil
}

// coverHolds checks one path (see checkCovers); a mask that does not
// exist holds (nothing is there to hide, as the cold start skips it).
func coverHolds(p string, mustExist bool) error {
	path, err := syscall.BytePtrFromString(p)
	if err != nil {
		return wrap(quote(p), err)
	}
	// struct statx: stx_attributes is the second u64, stx_attributes_mask
	// the eighth (byte 56).
	var stx [32]uint64
	dirfd := atFDCwd
	_, _, e := syscall.Syscall6(sysStatx, uintptr(dirfd), uintptr(unsafe.Pointer(path)), 0, statxBasicStats, uintptr(unsafe.Pointer(&stx[0])), 0)
	switch {
	case e == syscall.ENOENT && !mustExist:
		return nil
	case e != 0:
		return wrap("statx "+p, e)
	case stx[7]&statxAttrMountRoot == 0:
		return wrap(p+": the kernel does not say whether it is a mount", errCover)
	case stx[1]&statxAttrMountRoot == 0:
		return wrap(p+" is no longer covered", errCover)
	}
	var sfs syscall.Statfs_t
	if err := syscall.Statfs(p, &sfs); err != nil {
		return wrap("statfs "+p, err)
	}
	if sfs.Flags&stRdonly == 0 {
		return wrap(p+" is not read-only", errCover)
	}
	return nil
}
