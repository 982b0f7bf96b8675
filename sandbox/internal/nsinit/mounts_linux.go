package nsinit

import (
	"syscall"
	"unsafe"
)

// Protect, in the caller's own mount namespace, stops mounts from
// propagating back, mounts each readOnly path read-only on itself and
// covers each mask with an empty read-only mount: a tmpfs with mode 000
// for a directory, /dev/null for a file. Masks that do not exist are
// skipped.
func Protect(readOnly, masks []string) error {
	if err := syscall.Mount("", "/", "", syscall.MS_REC|syscall.MS_SLAVE, ""); err != nil {
		return wrap("mount private", err)
	}
	for _, p := range readOnly {
		if err := bindReadOnly(p, p); err != nil {
			return err
		}
	}
	for _, p := range masks {
		var st syscall.Stat_t
		if err := syscall.Stat(p, &st); err != nil {
			continue
		}
		if st.Mode&syscall.S_IFMT == syscall.S_IFDIR {
			if err := syscall.Mount("tmpfs", p, "tmpfs", syscall.MS_RDONLY|syscall.MS_NOSUID|syscall.MS_NODEV|syscall.MS_NOEXEC, "size=4k,mode=000"); err != nil {
				return wrap("mask "+p, err)
			}
			continue
		}
		if err := bindReadOnly("/dev/null", p); err != nil {
			return err
		}
	}
	return nil
}

// bindReadOnly bind-mounts src on dst read-only, keeping the flags the
// kernel locks.
func bindReadOnly(src, dst string) error {
	if err := syscall.Mount(src, dst, "", syscall.MS_BIND, ""); err != nil {
		return wrap("bind "+dst, err)
	}
	var sfs syscall.Statfs_t
	flags := uintptr(0)
	if syscall.Statfs(dst, &sfs) == nil {
		flags = uintptr(sfs.Flags) & (syscall.MS_NOSUID | syscall.MS_NODEV | syscall.MS_NOEXEC | syscall.MS_NOATIME | syscall.MS_NODIRATIME | syscall.MS_RELATIME)
	}
	if err := syscall.Mount("", dst, "", syscall.MS_BIND|syscall.MS_REMOUNT|syscall.MS_RDONLY|flags, ""); err != nil {
		return wrap("remount "+dst+" read-only", err)
	}
	return nil
}

// freshProc mounts a /proc of the caller's PID namespace over /proc: the
// processes outside it (wtagent among them) are not there. Stacked on the
// old /proc, whose root the session's Landlock rules grant, it stays
// readable.
func freshProc() error {
	if err := syscall.Mount("proc", "/proc", "proc", syscall.MS_NOSUID|syscall.MS_NODEV|syscall.MS_NOEXEC, ""); err != nil {
		return wrap("mount /proc", err)
	}
	return nil
}

// LoopbackUp brings lo up in the caller's network namespace.
func LoopbackUp() error {
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_DGRAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return wrap("loopback", err)
	}
	defer syscall.Close(fd)
	// struct ifreq: the name, then ifr_flags.
	var ifr [40]byte
	copy(ifr[:], "lo")
	*(*uint16)(unsafe.Pointer(&ifr[16])) = syscall.IFF_UP | syscall.IFF_RUNNING
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), syscall.SIOCSIFFLAGS, uintptr(unsafe.Pointer(&ifr[0]))); e != 0 {
		return wrap("loopback up", e)
	}
	return nil
}
