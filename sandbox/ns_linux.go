package sandbox

import (
	"fmt"
	"runtime"

	"golang.org/x/sys/unix"
)

// probeNamespaces reports whether wtagent may give a thread its own mount
// and network namespaces (it needs CAP_SYS_ADMIN: root, or a container's
// root). The probe runs on a thread that is then discarded.
func probeNamespaces() bool {
	ok := make(chan bool, 1)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread is discarded
		ok <- unix.Unshare(unix.CLONE_NEWNS|unix.CLONE_NEWNET) == nil &&
			unix.Mount("", "/", "", unix.MS_REC|unix.MS_SLAVE, "") == nil
	}()
	return <-ok
}

// mountProtections, in the thread's new mount namespace, makes
// .git/hooks and .git/config read-only and covers credential stores that
// lie inside a granted tree with empty read-only mounts.
func (s *Sandbox) mountProtections() error {
	if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_SLAVE, ""); err != nil {
		return fmt.Errorf("mount private: %w", err)
	}
	for _, p := range s.plan.readOnly {
		if err := bindReadOnly(p, p); err != nil {
			return err
		}
	}
	for _, p := range s.plan.masks {
		var st unix.Stat_t
		if err := unix.Stat(p, &st); err != nil {
			continue
		}
		if st.Mode&unix.S_IFMT == unix.S_IFDIR {
			if err := unix.Mount("tmpfs", p, "tmpfs", unix.MS_RDONLY|unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, "size=4k,mode=000"); err != nil {
				return fmt.Errorf("mask %s: %w", p, err)
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
	if err := unix.Mount(src, dst, "", unix.MS_BIND, ""); err != nil {
		return fmt.Errorf("bind %s: %w", dst, err)
	}
	var sfs unix.Statfs_t
	flags := uintptr(0)
	if unix.Statfs(dst, &sfs) == nil {
		flags = uintptr(sfs.Flags) & (unix.MS_NOSUID | unix.MS_NODEV | unix.MS_NOEXEC | unix.MS_NOATIME | unix.MS_NODIRATIME | unix.MS_RELATIME)
	}
	if err := unix.Mount("", dst, "", unix.MS_BIND|unix.MS_REMOUNT|unix.MS_RDONLY|flags, ""); err != nil {
		return fmt.Errorf("remount %s read-only: %w", dst, err)
	}
	return nil
}

// loopbackUp brings lo up in the thread's new network namespace.
func loopbackUp() error {
	fd, err := unix.Socket(unix.AF_INET, unix.SOCK_DGRAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return fmt.Errorf("loopback: %w", err)
	}
	defer unix.Close(fd)
	ifr, err := unix.NewIfreq("lo")
	if err != nil {
		return err
	}
	ifr.SetUint16(unix.IFF_UP | unix.IFF_RUNNING)
	if err := unix.IoctlIfreq(fd, unix.SIOCSIFFLAGS, ifr); err != nil {
		return fmt.Errorf("loopback up: %w", err)
	}
	return nil
}
